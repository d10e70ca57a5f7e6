// The public lists' states against the demo server (msw/node): a page of 8,
// 'No sessions found.' and 'Failed to load study sessions' (docs/product.md#messages) on
// /study-sessions, its search kept in the address, and the same failure
// message and the tutor search on /tutors.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { RouteObject } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDemoDb } from '../../../mocks/testing/sign-in'
import { server } from '../../../tests/setup/msw-server'
import { SESSIONS_PAGE_SIZE } from '#features/sessions/api/session-queries'
import { renderApp } from '../testing/render-app'
import { Component as StudySessions } from './study-sessions'
import { Component as Tutors } from './tutors'

function renderAt(route: RouteObject, url: string) {
  return renderApp([route], { url })
}

const failSessions = () =>
  server.use(http.get('*/api/sessions', () => HttpResponse.json({ message: 'down' }, { status: 500 })))

describe('/study-sessions', () => {
  beforeEach(() => resetDemoDb())

  it('shows a page of at most 8 approved sessions', async () => {
    renderAt({ path: '/study-sessions', Component: StudySessions }, '/study-sessions')
    expect(screen.getByText('Loading sessions…').getAttribute('role')).toBe('status')
    const cards = await screen.findAllByRole('link', { name: /Read More/ })
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.length).toBeLessThanOrEqual(SESSIONS_PAGE_SIZE)
  })

  it("says 'No sessions found.' when the list is empty", async () => {
    renderAt({ path: '/study-sessions', Component: StudySessions }, '/study-sessions?tutor=nobody%40example.com')
    expect(await screen.findByText('No sessions found.')).toBeTruthy()
  })

  it("says 'Failed to load study sessions' when the server fails", async () => {
    failSessions()
    renderAt({ path: '/study-sessions', Component: StudySessions }, '/study-sessions')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load study sessions')
  })

  it('searches, filters and sorts from the address, and puts each change there', async () => {
    const user = userEvent.setup()
    const { router } = renderAt(
      { path: '/study-sessions', Component: StudySessions },
      '/study-sessions?q=organic&sort=fee&page=1',
    )
    expect(await screen.findByText(/^\d+ sessions? found\.$/)).toBeTruthy()
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles.every((title) => /Organic Chemistry/.test(title ?? ''))).toBe(true)
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('organic')
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('fee')

    await user.type(screen.getByLabelText('Search'), ' mech')
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('organic mech'))
    await user.click(screen.getByText('Filters'))
    await user.selectOptions(screen.getByLabelText('Fee'), 'paid')
    await user.click(screen.getByLabelText('Registration open now'))
    const params = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(params)).toEqual({ q: 'organic mech', sort: 'fee', fee: 'paid', open: '1' })

    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe(''))

    // Two changes before the screen renders again (a fast phone, a slow loader): neither is lost.
    act(() => {
      fireEvent.change(screen.getByLabelText('Fee'), { target: { value: 'paid' } })
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'fee' } })
    })
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        fee: 'paid',
        sort: 'fee',
      }),
    )

    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe(''))
    expect(screen.queryByText(/^\d+ sessions? found/)).toBeNull()
  })
})

describe('/tutors', () => {
  beforeEach(() => resetDemoDb())

  it("says 'Failed to load study sessions' when the server fails", async () => {
    failSessions()
    renderAt({ path: '/tutors', Component: Tutors }, '/tutors')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load study sessions')
  })

  it('finds tutors by name and subject, the search kept in the address', async () => {
    const user = userEvent.setup()
    const { router } = renderAt({ path: '/tutors', Component: Tutors }, '/tutors?q=priya')
    expect(await screen.findByText('1 tutor found.')).toBeTruthy()
    expect(screen.getAllByTestId('tutor-card').map((card) => card.querySelector('h2')?.textContent)).toEqual([
      'Priya Sharma',
    ])
    await user.clear(screen.getByLabelText('Search tutors'))
    await user.type(screen.getByLabelText('Search tutors'), 'computer')
    await waitFor(() => expect(router.state.location.search).toBe('?q=computer'))
    const found = screen.getAllByTestId('tutor-card')
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((card) => /Computer Science/.test(card.textContent ?? ''))).toBe(true)
  })
})
