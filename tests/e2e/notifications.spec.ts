// Told in time, in the built demo app: a booking the admin approves (seeded
// through the API while the student has the app open) shows in the student's
// bell and inbox and as a system notification, which the demo server in the
// service worker shows itself; a click on it opens the booking in the open
// window. The permission is granted to the context, as a user's "Allow" would.
import { callApi, logInAs, roleTokens } from './demo-accounts'
import { expect, test } from './fixtures'
import { seed, seedApprovedSession, seedBooking, stamp } from './workspaces-helpers'

interface Shown {
  title: string
  body: string
  url: string
}

test.describe('notifications', () => {
  test('an approved booking reaches the student’s bell and the system, and a click opens it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'])
    const title = `Told in time ${stamp()}`
    await logInAs(page, 'student', '/dashboard/notifications')
    const as = await roleTokens(page)
    const sessionId = await seedApprovedSession(page, as, title)
    const bookingId = await seedBooking(page, as, sessionId, false)
    const bell = page.getByTestId('notification-bell')
    // The bell has asked for its count: the worker has been told who is signed in.
    await expect(bell).toHaveAccessibleName(/^Notifications/)
    const before = (await callApi<{ unread: number }>(page, '/notifications/unread-count')).body.unread

    await seed(page, as.admin, `/bookings/${bookingId}`, { method: 'PATCH', body: { status: 'approved' } })
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`)
    const item = page.getByTestId('notification').filter({ hasText: title })
    await expect(item).toContainText('Booking approved')

    const link = `/dashboard/student/bookings/${sessionId}`
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return (await registration.getNotifications()).map((n): Shown => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        }))
      })
    await expect
      .poll(shown)
      .toContainEqual({ title: 'Booking approved', body: expect.stringContaining(title), url: link })

    // A click on it, as the system delivers it to the worker: the open window shows the booking.
    const [worker] = context.serviceWorkers()
    await worker!.evaluate(async (url) => {
      // The worker's global (this file is typed for pages, not workers).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const all = await scope.registration.getNotifications()
      const notification = all.find((n) => (n.data as { url: string }).url === url)!
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
    }, link)
    await expect(page).toHaveURL(link)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
  })
})
