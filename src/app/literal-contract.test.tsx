// The app against a server that answers the contract literally (plain lists,
// no paging, no counts; mocks/testing/literal-contract-server.ts): it must page
// on the client, compute ratings from the reviews, read the pending table from
// GET /sessions/pending, and send exactly the contract's payloads.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { RouteObject } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  LITERAL_APPROVED,
  LITERAL_PENDING,
  literalContractServer,
  type LiteralServer,
} from '../../mocks/testing/literal-contract-server'
import { server } from '../../tests/setup/msw-server'
import type { Role } from '#contract/entities'
import { ManageSessions } from '#features/admin/components/manage-sessions'
import { Component as Home } from './routes/home'
import { Component as SessionDetails } from './routes/session-details'
import { Component as StudySessions } from './routes/study-sessions'
import { renderApp } from './testing/render-app'

function renderAt(routes: RouteObject[], url: string, role: Role | null = null) {
  return renderApp(routes, { url, as: role })
}

let literal: LiteralServer
beforeEach(() => {
  localStorage.setItem('access-token', 'a-token')
  literal = literalContractServer()
  server.use(...literal.handlers)
})

const titlesOnScreen = () =>
  screen.getAllByRole('link', { name: /^Read More: / }).map((a) => a.getAttribute('aria-label')!.slice(11))

describe('against a server that answers the contract literally', () => {
  it('/study-sessions pages a plain list on the client: 8 per page, 3 pages, a different page 2', async () => {
    renderAt([{ path: '/study-sessions', Component: StudySessions }], '/study-sessions')
    await screen.findAllByRole('link', { name: /^Read More: / })
    expect(titlesOnScreen()).toEqual(LITERAL_APPROVED.slice(0, 8).map((s) => s.title))
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3'])
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(titlesOnScreen()).toEqual(LITERAL_APPROVED.slice(8, 16).map((s) => s.title)))
  })

  it('the home cards compute the mean and count from the reviews when the server sends no count', async () => {
    renderAt([{ path: '/', Component: Home }], '/')
    const card = (await screen.findByRole('link', { name: 'Read More: Approved session 1' })).closest('article')!
    await waitFor(() => expect(within(card).getByTestId('session-rating').textContent).toContain('(2 reviews)'))
    expect(within(card).getByRole('img', { name: /^Rated 4.5 out of 5$/ })).toBeTruthy()
    const other = screen.getByRole('link', { name: 'Read More: Approved session 2' }).closest('article')!
    await waitFor(() => expect(within(other).getByTestId('session-rating').textContent).toContain('No reviews yet'))
  })

  it('the pending table lists only pending sessions, from GET /sessions/pending', async () => {
    renderAt([{ path: '/', element: <ManageSessions /> }], '/', 'admin')
    const pending = await screen.findByRole('table', { name: 'Pending sessions' })
    await waitFor(() => expect(within(pending).getAllByRole('row').length).toBe(LITERAL_PENDING.length + 1))
    for (const s of LITERAL_PENDING) expect(within(pending).getAllByText(s.title).length).toBeGreaterThan(0)
  })

  it('books with exactly the contract payload', async () => {
    const target = LITERAL_APPROVED[3]!
    renderAt([{ path: '/session-details/:id', Component: SessionDetails }], `/session-details/${target._id}`, 'student')
    fireEvent.click(await screen.findByRole('button', { name: 'Book Now' }))
    expect(await screen.findByRole('dialog', { name: 'Booked!' })).toBeTruthy()
    expect(literal.received.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/bookings',
        body: { sessionId: target._id, studentEmail: 'student@studyhub.demo', tutorEmail: target.tutorEmail },
      },
    ])
  })
})
