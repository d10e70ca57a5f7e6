// Home's session list against the demo server (msw/node): at most 6 cards in
// the server's order, the loading text, and the failure message of docs/product.md#messages.
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { API_BASE, resetDemoDb } from '../../../mocks/testing/sign-in'
import type { Session } from '#contract/entities'
import { server } from '../../../tests/setup/msw-server'
import { renderApp } from '../testing/render-app'
import { Component as Home } from './home'

function renderHome() {
  // The hero's fade layer is a lazy chunk with nothing to test here.
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn(() => 1),
  )
  renderApp(<Home />)
}

beforeEach(() => resetDemoDb())

describe('Home: Available Study Sessions', () => {
  it('shows "Loading sessions…", then at most the first 6 approved sessions', async () => {
    renderHome()
    expect(screen.getByText('Loading sessions…')).toBeTruthy()
    const approved = (await (await fetch(`${API_BASE}/sessions?status=approved`)).json()) as Session[]
    expect(approved.length).toBeGreaterThan(6)

    const cards = await screen.findAllByTestId('session-card')
    expect(cards).toHaveLength(6)
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      approved.slice(0, 6).map((s) => s.title),
    )
    expect(
      within(cards[0]!)
        .getByRole('link', { name: /^Read More/ })
        .getAttribute('href'),
    ).toBe(`/session-details/${approved[0]!._id}`)
  })

  it('says "Failed to load study sessions" when the server fails', async () => {
    server.use(http.get('*/api/sessions', () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    renderHome()
    expect(await screen.findByText('Failed to load study sessions')).toBeTruthy()
  })

  it('renders the hero, its blocks and the call to action', () => {
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Unlock Knowledge, Anytime, Anywhere' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Explore Sessions' }).getAttribute('href')).toBe('/sessions')
    expect(screen.getByRole('heading', { name: 'Why Choose Us?' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Learn from Anywhere, Anytime' })).toBeTruthy()
  })
})
