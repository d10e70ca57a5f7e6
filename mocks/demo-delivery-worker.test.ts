// The demo delivery worker, under msw/node: after an approval commits, its
// email is rendered into the mailbox and its push handed to the device's
// user, each delivery then sent, or failed with why; and nothing is sent twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NotificationRow } from '#core/store'
import { demoDb } from './db/demo-db'
import { storeOf } from './db/store-of'
import { pushWith, workDeliveries } from './demo-delivery-worker'
import { call, resetDemoDb } from './testing/sign-in'

const ADMIN = 'admin@studyhub.demo'

beforeEach(() => resetDemoDb())
afterEach(async () => {
  pushWith(undefined)
  await demoDb().meta.delete('deviceUser')
})

/** Approves a pending booking of the seed; answers its student and the approval's notification id. */
async function approveOne(): Promise<{ student: string; notification: string }> {
  const { data } = await call<{ _id: string; studentEmail: string }[]>('GET', '/bookings?status=pending', { as: ADMIN })
  const booking = data[0]!
  await call('PATCH', `/bookings/${booking._id}`, { as: ADMIN, body: { status: 'approved' } })
  const told = await demoDb().notifications.where('bookingId').equals(booking._id).toArray()
  return { student: booking.studentEmail, notification: told.find((n) => n.kind === 'booking-approved')!._id }
}

const deliveriesOf = async (notification: string) =>
  (await demoDb().deliveries.where('notificationId').equals(notification).toArray()).map(
    ({ channel, state, attempts, lastError }) => ({ channel, state, attempts, lastError }),
  )

describe('demo delivery worker', () => {
  it('mails into the mailbox and pushes to the device’s user, once', async () => {
    const shown: NotificationRow[] = []
    pushWith(async (n) => {
      shown.push(n)
      return null
    })
    const { data } = await call<{ studentEmail: string }[]>('GET', '/bookings?status=pending', { as: ADMIN })
    await demoDb().meta.put({ key: 'deviceUser', value: data[0]!.studentEmail })
    const { student, notification } = await approveOne()
    await workDeliveries(demoDb())
    expect(await deliveriesOf(notification)).toEqual(
      expect.arrayContaining([
        { channel: 'email', state: 'sent', attempts: 1, lastError: null },
        { channel: 'push', state: 'sent', attempts: 1, lastError: null },
      ]),
    )
    expect(shown.map((n) => n._id)).toEqual([notification])
    const [mail] = await demoDb()
      .mailbox.filter((m) => m.notificationId === notification)
      .toArray()
    expect(mail).toMatchObject({ to: student, calendar: { method: 'REQUEST', filename: 'invite.ics' } })
    expect(mail!.subject).toContain('Booking approved')
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/.+>$/)
    // Worked again: nothing more.
    await workDeliveries(demoDb())
    expect(
      await demoDb()
        .mailbox.filter((m) => m.notificationId === notification)
        .count(),
    ).toBe(1)
    expect(shown).toHaveLength(1)
  })

  it('records why a delivery failed: a push the device would not show, a mail with no one to send to', async () => {
    pushWith(async () => 'This device does not allow notifications.')
    // A notification of someone with no account (gone since), for the device's user, written as the store writes any.
    const gone = 'gone@example.com'
    await demoDb().meta.put({ key: 'deviceUser', value: gone })
    const notification: NotificationRow = {
      _id: 'f'.repeat(24),
      kind: 'booking-cancelled',
      recipientEmail: gone,
      title: 'Booking cancelled',
      body: 'Your booking was cancelled.',
      link: '/dashboard/my-bookings',
      createdAt: new Date().toISOString(),
      readAt: null,
    }
    await storeOf(demoDb()).notifications.insertOnce([notification])
    await workDeliveries(demoDb())
    expect(await deliveriesOf(notification._id)).toEqual(
      expect.arrayContaining([
        { channel: 'push', state: 'failed', attempts: 1, lastError: 'This device does not allow notifications.' },
        {
          channel: 'email',
          state: 'failed',
          attempts: 1,
          lastError: 'Its recipient has no account any more: there is no one to mail.',
        },
      ]),
    )
    expect(await demoDb().mailbox.count()).toBe(0)
  })
})
