// The hero's timing and its WCAG 2.2.2 controls, with a fixed clock.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HeroSlideshow } from './hero-slideshow'
import { HERO_INTERVAL_MS } from './hero-slides'

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

// The fade layer is a lazy chunk; these tests are about timing, so keep it
// from loading (requestIdleCallback never fires).
beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn(() => 1),
  )
  vi.stubGlobal('cancelIdleCallback', vi.fn())
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const hero = () => screen.getByTestId('hero')
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('HeroSlideshow', () => {
  it('shows the first image at once, prioritised, and moves on every 5 seconds', () => {
    mockReducedMotion(false)
    render(<HeroSlideshow>Headline</HeroSlideshow>)
    const first = hero().querySelector('img[data-scene="study-desk"]')!
    expect(first.getAttribute('fetchpriority')).toBe('high')
    expect(first.getAttribute('loading')).toBe('eager')
    expect(hero().dataset.slideIndex).toBe('0')

    advance(HERO_INTERVAL_MS - 1)
    expect(hero().dataset.slideIndex).toBe('0')
    advance(1)
    expect(hero().dataset.slideIndex).toBe('1')
    // Until the fade layer has loaded, the current slide is shown without it, lazily.
    expect(hero().querySelector('img[data-scene="library-shelves"]')!.getAttribute('loading')).toBe('lazy')
    advance(HERO_INTERVAL_MS)
    expect(hero().dataset.slideIndex).toBe('2')
    advance(HERO_INTERVAL_MS)
    expect(hero().dataset.slideIndex).toBe('0')
  })

  it('stops on Pause and goes on from the same slide on Play', () => {
    mockReducedMotion(false)
    render(<HeroSlideshow>Headline</HeroSlideshow>)
    advance(HERO_INTERVAL_MS)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    advance(HERO_INTERVAL_MS * 3)
    expect(hero().dataset.slideIndex).toBe('1')

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }))
    advance(HERO_INTERVAL_MS)
    expect(hero().dataset.slideIndex).toBe('2')
  })

  it('holds still under prefers-reduced-motion until the viewer presses Play', () => {
    mockReducedMotion(true)
    render(<HeroSlideshow>Headline</HeroSlideshow>)
    expect(hero().dataset.playing).toBe('false')
    advance(HERO_INTERVAL_MS * 3)
    expect(hero().dataset.slideIndex).toBe('0')

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }))
    advance(HERO_INTERVAL_MS)
    expect(hero().dataset.slideIndex).toBe('1')
  })
})
