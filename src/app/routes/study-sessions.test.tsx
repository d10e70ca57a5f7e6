// The public lists' states against the demo server (msw/node): a page of 8,
// 'No sessions found.' and 'Failed to load study sessions' (docs/product.md#messages) on
// /study-sessions, and the same failure message on /tutors.
import { screen } from '@testing-library/react'
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
})

describe('/tutors', () => {
  beforeEach(() => resetDemoDb())

  it("says 'Failed to load study sessions' when the server fails", async () => {
    failSessions()
    renderAt({ path: '/tutors', Component: Tutors }, '/tutors')
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load study sessions')
  })
})
