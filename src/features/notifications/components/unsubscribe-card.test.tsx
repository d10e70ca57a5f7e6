// The unsubscribe page's card, signed out, against the two unsubscribe routes
// answered here (the tokens and the rule are the server's, tested in
// server/core and the conformance suite): what a link stops, the one button,
// a link the server refuses, and offline.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, expect, it, vi } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import { renderApp } from '#app/testing/render-app'
import { UNSUBSCRIBE_OFFLINE, UnsubscribeCard } from './unsubscribe-card'

const TOKEN = 'Ym9va2luZy1hcHByb3ZlZApzYW1AZXhhbXBsZS5jb20.signature'
const NOT_A_LINK = 'This unsubscribe link is not valid. Change what you are emailed about in Settings.'

/** The routes for TOKEN: email of booking-approved on until a POST turns it off; the POSTs made. */
function unsubscribeServer() {
  const state = { subscribed: true, posts: [] as string[] }
  server.use(
    http.get('*/api/unsubscribe/:token', ({ params }) =>
      params.token === TOKEN
        ? HttpResponse.json({ kind: 'booking-approved', maskedEmail: 's***@example.com', subscribed: state.subscribed })
        : HttpResponse.json({ message: NOT_A_LINK }, { status: 404 }),
    ),
    http.post('*/api/unsubscribe/:token', ({ params }) => {
      state.posts.push(String(params.token))
      state.subscribed = false
      return HttpResponse.json({ success: true, message: 'You will no longer get these emails.' })
    }),
  )
  return state
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

beforeEach(() => setOnline(true))

it('says what the link stops, and stops it with one press, signed out', async () => {
  const state = unsubscribeServer()
  renderApp(<UnsubscribeCard token={TOKEN} />)
  expect(await screen.findByText(/Stop emails to s\*\*\*@example\.com about:/)).toBeTruthy()
  expect(screen.getByText('Booking approved')).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }))
  expect((await screen.findByText('You will no longer get these emails.')).getAttribute('role')).toBe('status')
  expect(state.posts).toEqual([TOKEN])
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull())
  expect(screen.getByText(/s\*\*\*@example\.com gets no emails about:/)).toBeTruthy()
})

it('shows the server’s words for a link it does not take, and no button', async () => {
  unsubscribeServer()
  renderApp(<UnsubscribeCard token="not-a-token" />)
  expect((await screen.findByRole('alert')).textContent).toBe(NOT_A_LINK)
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
})

it.each([
  ['offline', false],
  ['with the server out of reach', true],
])('says %s that unsubscribing needs a connection', async (_label, online) => {
  server.use(http.get('*/api/unsubscribe/:token', () => HttpResponse.error()))
  setOnline(online)
  renderApp(<UnsubscribeCard token={TOKEN} />)
  expect(await screen.findByText(UNSUBSCRIBE_OFFLINE)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
})

it('keeps the button off, with the reason, when the connection goes after the page opened', async () => {
  const state = unsubscribeServer()
  renderApp(<UnsubscribeCard token={TOKEN} />)
  const button = (await screen.findByRole('button', { name: 'Unsubscribe' })) as HTMLButtonElement
  setOnline(false)
  expect(button.disabled).toBe(true)
  expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(UNSUBSCRIBE_OFFLINE)
  await userEvent.click(button)
  expect(state.posts).toEqual([])
})
