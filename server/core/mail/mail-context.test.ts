// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { BookingRow, NotificationRow, PreferencesRow, SessionRow, Store, UserRow } from '../store'
import { verifyUnsubscribeToken } from '../unsubscribe-tokens'
import { loadMailContext } from './mail-context'

// A secret as the stores keep it: 32 bytes in base64url.
const secret = 'c2VjcmV0LW9mLXRoZS10ZXN0LXN0b3JlLTMyLWJ5dGVz'
const origins = { appOrigin: 'https://studyhub.example', apiOrigin: 'https://api.studyhub.example' }
const now = new Date('2026-11-20T10:00:00.000Z')

const user = { _id: 'u1', name: 'Sam Lee', email: 'sam@studyhub.demo', role: 'student' } as UserRow
const session = { _id: 's1', title: 'Linear Algebra', calendarSequence: 1 } as SessionRow
const booking = { _id: 'b1', sessionId: 's1', studentEmail: user.email, status: 'approved' } as BookingRow
const notification: NotificationRow = {
  _id: 'n1',
  kind: 'booking-approved',
  title: 'Booking approved',
  body: 'Your booking of “Linear Algebra” was approved.',
  link: '/dashboard/student/bookings/s1',
  createdAt: now.toISOString(),
  readAt: null,
  recipientEmail: user.email,
  bookingId: 'b1',
}

/** A store with only what a mail's context reads, over a few rows. */
function storeWith(rows: {
  users?: UserRow[]
  preferences?: PreferencesRow[]
  bookings?: BookingRow[]
  sessions?: SessionRow[]
}) {
  const byId =
    <T extends { _id: string }>(list: T[] = []) =>
    (id: string) =>
      Promise.resolve(list.find((r) => r._id === id))
  return {
    users: { byEmail: (email: string) => Promise.resolve(rows.users?.find((u) => u.email === email)) },
    preferences: { get: (email: string) => Promise.resolve(rows.preferences?.find((p) => p.email === email)) },
    bookings: { get: byId(rows.bookings) },
    sessions: { get: byId(rows.sessions) },
    meta: { tokenSecret: () => Promise.resolve(secret) },
  } as unknown as Store
}

describe("a notification mail's context", () => {
  it('has the recipient as they are now, in their zone, the booking and session, and a token for this kind', async () => {
    const preferences: PreferencesRow = {
      email: user.email,
      channels: {},
      reminderLeads: null,
      timeZone: 'Europe/Berlin',
    }
    const store = storeWith({ users: [user], preferences: [preferences], bookings: [booking], sessions: [session] })
    const context = await loadMailContext(store, notification, origins, now)
    expect(context).toMatchObject({
      notification,
      recipient: { email: user.email, name: 'Sam Lee', timeZone: 'Europe/Berlin' },
      booking,
      session,
      ...origins,
      now,
    })
    expect(await verifyUnsubscribeToken(secret, context!.unsubscribeToken)).toEqual({
      email: user.email,
      kind: 'booking-approved',
    })
  })

  it('takes the default zone for a user who chose none, and no booking for a notification of none', async () => {
    const store = storeWith({ users: [user], bookings: [booking], sessions: [session] })
    const { bookingId: _, ...review } = { ...notification, kind: 'session-review' as const }
    const context = await loadMailContext(store, review, origins, now)
    expect(context?.recipient.timeZone).toBe('UTC')
    expect(context?.booking).toBeUndefined()
    expect(context?.session).toBeUndefined()
  })

  it('is null for a recipient whose account is gone, and has no class for a booking or session gone', async () => {
    expect(
      await loadMailContext(storeWith({ bookings: [booking], sessions: [session] }), notification, origins, now),
    ).toBeNull()
    for (const rows of [{ sessions: [session] }, { bookings: [booking] }]) {
      const context = await loadMailContext(storeWith({ users: [user], ...rows }), notification, origins, now)
      expect(context).not.toBeNull()
      expect(context?.booking).toBeUndefined()
      expect(context?.session).toBeUndefined()
    }
  })
})
