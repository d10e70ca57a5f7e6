// The install banner appears only on the browser's offer; the update prompt
// appears only when a new worker waits, and accepting activates it.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { InstallBanner } from './install-banner'
import { TAB_KEYS } from '#shared/storage/browser-storage'
import { announceUpdate } from './update-available'
import { UpdatePrompt } from './update-prompt'

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(() => Promise.resolve())
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return { event, prompt }
}

describe('InstallBanner', () => {
  // First: the module keeps, for the page's life, that the visitor has used it.
  it('waits for the visitor’s first tap, key or scroll, even once the browser has offered', async () => {
    render(<InstallBanner />)
    offerInstall()
    expect(screen.queryByRole('region', { name: 'Install StudyHub' })).toBeNull()
    act(() => {
      window.dispatchEvent(new Event('scroll'))
    })
    // Used, so the next test starts without an offer.
    await userEvent.click(screen.getByRole('button', { name: 'Install' }))
  })

  it('stays hidden until the browser offers installation, then shows its dialog once', async () => {
    render(<InstallBanner />)
    expect(screen.queryByRole('region', { name: 'Install StudyHub' })).toBeNull()

    const { event, prompt } = offerInstall()
    // The browser's own mini-infobar is replaced by the banner.
    expect(event.defaultPrevented).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Install' }))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: 'Install StudyHub' })).toBeNull()
  })

  it('"Not now" hides it for the rest of the visit', async () => {
    render(<InstallBanner />)
    offerInstall()
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'Install StudyHub' })).toBeNull()
    expect(sessionStorage.getItem(TAB_KEYS.installDismissed)).toBe('1')
    sessionStorage.clear()
  })
})

describe('UpdatePrompt', () => {
  it('appears when a new version waits and activates it on Reload', async () => {
    render(<UpdatePrompt />)
    expect(screen.getByRole('status').textContent).toBe('')
    const activate = vi.fn()
    act(() => announceUpdate(activate))
    expect(screen.getByRole('status').textContent).toContain('A new version is ready')
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(activate).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Reloading…' })).toHaveProperty('disabled', true)
  })
})
