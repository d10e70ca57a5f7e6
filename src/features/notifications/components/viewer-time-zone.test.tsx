// The signed-in user's saved zone is the one times are shown in; signed out (unmounted), the browser's again.
import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect, it } from 'vitest'
import { server } from '../../../../tests/setup/msw-server'
import { NOTIFICATION_KINDS, type NotificationPreferences } from '#contract/entities'
import { renderApp } from '#app/testing/render-app'
import { viewerTimeZone } from '#shared/format/date'
import ViewerTimeZone from './viewer-time-zone'

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
const saved = browserZone === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo'

it('shows times in the saved zone while the user is signed in, and in the browser’s after', async () => {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { push: true, email: true }]),
  ) as NotificationPreferences['channels']
  server.use(
    http.get('*/api/users/me/notification-preferences', () =>
      HttpResponse.json({ channels, reminderLeads: ['1d'], timeZone: saved } satisfies NotificationPreferences),
    ),
  )
  const { unmount } = renderApp(<ViewerTimeZone email="student@studyhub.demo" />, { as: 'student' })
  await waitFor(() => expect(viewerTimeZone()).toBe(saved))
  unmount()
  expect(viewerTimeZone()).toBe(browserZone)
})
