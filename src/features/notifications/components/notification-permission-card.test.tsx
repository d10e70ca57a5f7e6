// The notification card on an iPhone's browser tab, where push needs the app
// on the home screen: it says how to put it there, and offers email instead,
// which turns email on for the kinds mailed by default. Elsewhere with no way
// to notify (jsdom has no Notification), it shows nothing.
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import { MAILED_BY_DEFAULT_KINDS } from '#contract/mailed-by-default'
import { renderApp } from '#app/testing/render-app'
import { LOCAL_KEYS, localStore } from '#shared/storage/browser-storage'
import { OFFLINE_REASON } from '#shared/offline/use-online'
import { NotificationPermissionCard } from './notification-permission-card'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

function browserIs(userAgent: string, { installed = false } = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: installed && query.includes('standalone') }))
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

/** PATCH /users/me/notification-preferences: every body, answered as `status`. */
function preferencesServer(status = 200) {
  const patches: unknown[] = []
  server.use(
    http.patch('*/api/users/me/notification-preferences', async ({ request }) => {
      patches.push(await request.json())
      return status === 200
        ? HttpResponse.json({ channels: {}, reminderLeads: ['1d'], timeZone: 'UTC' })
        : HttpResponse.json({ message: 'The server is busy.' }, { status })
    }),
  )
  return patches
}

beforeEach(() => setOnline(true))
afterEach(() => vi.unstubAllGlobals())

it('on an iPhone tab, says how to install and turns email on for the default kinds instead', async () => {
  browserIs(IPHONE_SAFARI)
  const patches = preferencesServer()
  renderApp(<NotificationPermissionCard />, { as: 'student' })
  expect(screen.getByRole('heading', { name: 'Get told on your iPhone or iPad' })).toBeTruthy()
  expect(screen.getByText(/tap Share, then Add to Home Screen/)).toBeTruthy()
  await userEvent.click(screen.getByRole('button', { name: 'Email me instead' }))
  await screen.findByRole('heading', { name: 'Emails are on' })
  expect(patches).toEqual([
    { channels: Object.fromEntries(MAILED_BY_DEFAULT_KINDS.map((kind) => [kind, { email: true }])) },
  ])
  expect(localStore.get(LOCAL_KEYS.notificationsAsked)).toBe('email')
})

it('says why when the server refuses, and asks again later', async () => {
  browserIs(IPHONE_SAFARI)
  preferencesServer(503)
  renderApp(<NotificationPermissionCard />, { as: 'student' })
  await userEvent.click(screen.getByRole('button', { name: 'Email me instead' }))
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('Emails were not turned on: The server is busy.'),
  )
  expect(localStore.get(LOCAL_KEYS.notificationsAsked)).toBeNull()
})

it('keeps the email button off while offline, with the reason', async () => {
  browserIs(IPHONE_SAFARI)
  const patches = preferencesServer()
  renderApp(<NotificationPermissionCard />, { as: 'student' })
  setOnline(false)
  const button = screen.getByRole('button', { name: 'Email me instead' }) as HTMLButtonElement
  expect(button.disabled).toBe(true)
  expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(OFFLINE_REASON)
  expect(patches).toEqual([])
})

it('remembers "Not now"', async () => {
  browserIs(IPHONE_SAFARI)
  const { unmount } = renderApp(<NotificationPermissionCard />, { as: 'student' })
  await userEvent.click(screen.getByRole('button', { name: 'Not now' }))
  expect(screen.queryByTestId('notify-prompt')).toBeNull()
  unmount()
  renderApp(<NotificationPermissionCard />, { as: 'student' })
  expect(screen.queryByTestId('notify-prompt')).toBeNull()
})

it.each([
  ['the app on an iPhone’s home screen', IPHONE_SAFARI, true],
  ['a desktop browser with no way to notify', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0', false],
])('shows nothing in %s', (_label, userAgent, installed) => {
  browserIs(userAgent, { installed })
  renderApp(<NotificationPermissionCard />, { as: 'student' })
  expect(screen.queryByTestId('notify-prompt')).toBeNull()
})
