// Notifications: each event reaches exactly the inboxes docs/rules/notifications.md
// names, and no other seeded user's inbox changes (every inbox is read before
// and after, as its owner). Then the inbox itself: newest first, paged, the
// unread count, marking one or all read, only one's own; and push
// subscriptions, bound to the user who saved them.
import { describe, expect, it } from 'vitest'
import type { Notification } from '#contract/entities'
import { SEED_ADMIN, SEED_STUDENTS, SEED_TUTORS } from '#core/seed/seed-data'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  createBooking,
  createOpenSession,
  createSession,
  expectOk,
  FREE_STUDENT,
  OTHER_STUDENT,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
  uploadMaterial,
} from './fixtures'

const EVERYONE = [SEED_ADMIN, ...SEED_TUTORS, ...SEED_STUDENTS].map((p) => p.email)

const inboxOf = async (api: Api, email: string, query = '') =>
  (await expectOk(api.call<Notification[]>('GET', `/notifications${query}`, { as: email }))).data
const unreadOf = async (api: Api, email: string) =>
  (await expectOk(api.call<{ unread: number }>('GET', '/notifications/unread-count', { as: email }))).data.unread

/** Every seeded user's notification ids. */
async function everyInbox(api: Api): Promise<Map<string, Set<string>>> {
  const inboxes = await Promise.all(EVERYONE.map(async (email) => [email, await inboxOf(api, email)] as const))
  return new Map(inboxes.map(([email, rows]) => [email, new Set(rows.map((n) => n._id))]))
}

/**
 * Runs `change` and answers what it added to each inbox that changed, as
 * `kind → link` pairs per email; an inbox that lost a notification fails.
 */
async function toldBy(api: Api, change: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const before = await everyInbox(api)
  await change()
  const told: Record<string, string[]> = {}
  for (const email of EVERYONE) {
    const notifications = await inboxOf(api, email)
    const kept = before.get(email)!
    expect(notifications.filter((n) => kept.has(n._id)).length, `${email} kept every notification`).toBe(kept.size)
    const fresh = notifications.filter((n) => !kept.has(n._id))
    if (fresh.length > 0) told[email] = fresh.map((n) => n.kind).sort()
  }
  return told
}

export function notificationTests(api: Api) {
  describe('notifications: who is told', () => {
    it('tells the admins of a new or resubmitted session, and its tutor of the decision', async () => {
      let session = ''
      expect(
        await toldBy(api, async () => {
          session = await createSession(api, TUTOR)
        }),
      ).toEqual({ [ADMIN]: ['session-review'] })
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/sessions/${session}/reject`, { as: ADMIN }))),
      ).toEqual({ [TUTOR]: ['session-rejected'] })
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/sessions/${session}/resubmit`, { as: TUTOR }))),
      ).toEqual({ [ADMIN]: ['session-review'] })
      expect(
        await toldBy(api, () =>
          expectOk(api.call('PATCH', `/sessions/${session}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } })),
        ),
      ).toEqual({ [TUTOR]: ['session-approved'] })
      // A refused change tells nobody.
      expect(await toldBy(api, () => api.call('PATCH', `/sessions/${session}/approve`, { as: ADMIN }))).toEqual({})
    })

    it('tells the tutor of a booking and the student of its approval or rejection, with a link to it', async () => {
      const session = await createOpenSession(api, TUTOR)
      let booking = ''
      expect(
        await toldBy(api, async () => {
          booking = await createBooking(api, STUDENT, session, 'pending', TUTOR)
        }),
      ).toEqual({ [TUTOR]: ['booking-new'] })
      expect(
        await toldBy(api, () =>
          expectOk(api.call('PATCH', `/bookings/${booking}`, { as: ADMIN, body: { status: 'approved' } })),
        ),
      ).toEqual({ [STUDENT]: ['booking-approved'] })
      const [approved] = await inboxOf(api, STUDENT)
      expect(approved).toMatchObject({
        kind: 'booking-approved',
        link: `/dashboard/student/bookings/${session}`,
        readAt: null,
      })
      expect(approved!.body).toContain('approved')
      expect(approved).not.toHaveProperty('recipientEmail')

      const other = await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      expect(
        await toldBy(api, () =>
          expectOk(api.call('PATCH', `/bookings/${other}`, { as: ADMIN, body: { status: 'rejected' } })),
        ),
      ).toEqual({ [OTHER_STUDENT]: ['booking-rejected'] })
    })

    it('tells a student whose booking an admin cancels, and the first in line of the seat it frees', async () => {
      const session = await createOpenSession(api, TUTOR)
      await expectOk(
        api.call('PATCH', `/sessions/${session}`, {
          as: ADMIN,
          body: { title: 'One seat', subject: 'Maths', duration: 2, registrationFee: 20, seats: 1 },
        }),
      )
      const first = await createBooking(api, STUDENT, session, 'pending', TUTOR)
      const waiting = await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      expect(await toldBy(api, () => expectOk(api.call('PATCH', `/bookings/${first}/cancel`, { as: ADMIN })))).toEqual({
        [STUDENT]: ['booking-cancelled'],
        [OTHER_STUDENT]: ['booking-promoted'],
      })
      const [promoted] = await inboxOf(api, OTHER_STUDENT)
      expect(promoted!.link).toBe(`/dashboard/student/bookings/${session}`)
      // A student who withdraws a request is not told what they did themselves.
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/bookings/${waiting}/cancel`, { as: OTHER_STUDENT }))),
      ).toEqual({})
    })

    it('tells a student who cancels their approved booking, so the invite leaves their calendar', async () => {
      const session = await createOpenSession(api, TUTOR)
      const booking = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/bookings/${booking}/cancel`, { as: STUDENT }))),
      ).toEqual({ [STUDENT]: ['booking-cancelled'] })
      const [told] = await inboxOf(api, STUDENT)
      expect(told!.body).toContain('You cancelled your booking')
    })

    it("tells a session's booked students when an admin changes it, and not those who left it", async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved', TUTOR)
      await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      await createBooking(api, THIRD_STUDENT, session, 'rejected', TUTOR)
      const left = await createBooking(api, FREE_STUDENT, session, 'pending', TUTOR)
      await expectOk(api.call('PATCH', `/bookings/${left}/cancel`, { as: FREE_STUDENT }))
      expect(
        await toldBy(api, () =>
          expectOk(
            api.call('PATCH', `/sessions/${session}`, {
              as: ADMIN,
              body: { title: 'Moved on', subject: 'Maths', duration: 3, registrationFee: 20 },
            }),
          ),
        ),
      ).toEqual({ [STUDENT]: ['session-changed'], [OTHER_STUDENT]: ['session-changed'] })
    })

    it('tells the admins of a material to review, its tutor of the decision, and approved students of it', async () => {
      const session = await createOpenSession(api, TUTOR)
      await createBooking(api, STUDENT, session, 'approved', TUTOR)
      await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      let material = ''
      expect(
        await toldBy(api, async () => {
          material = await uploadMaterial(api, TUTOR, session)
        }),
      ).toEqual({ [ADMIN]: ['material-review'] })
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/materials/${material}/approve`, { as: ADMIN }))),
      ).toEqual({ [TUTOR]: ['material-approved'], [STUDENT]: ['material-added'] })
      expect((await inboxOf(api, STUDENT))[0]!.link).toBe(`/dashboard/student/bookings/${session}/materials`)
      const second = await uploadMaterial(api, TUTOR, session, 'Week 2')
      expect(
        await toldBy(api, () => expectOk(api.call('PATCH', `/materials/${second}/reject`, { as: ADMIN }))),
      ).toEqual({ [TUTOR]: ['material-rejected'] })
    })
  })

  describe('notifications: the inbox', () => {
    it('lists newest first with the unread count, pages, and marks one or all read, only its owner', async () => {
      const session = await createOpenSession(api, TUTOR)
      const students = [STUDENT, OTHER_STUDENT, THIRD_STUDENT]
      for (const student of students) await createBooking(api, student, session, 'pending', TUTOR)
      const inbox = await inboxOf(api, TUTOR)
      expect(inbox.slice(0, 3).map((n) => n.body.split(' ')[0])).toEqual([...students].reverse())
      const unread = await unreadOf(api, TUTOR)
      expect(unread).toBe(inbox.filter((n) => n.readAt === null).length)
      expect(unread).toBeGreaterThanOrEqual(3)
      const page2 = await api.call<Notification[]>('GET', '/notifications?page=2&limit=1', { as: TUTOR })
      expect(page2.data.map((n) => n._id)).toEqual([inbox[1]!._id])
      expect(page2.headers.get('X-Total-Count')).toBe(String(inbox.length))

      const newest = inbox[0]!
      expect((await api.call('PATCH', `/notifications/${newest._id}/read`, { as: OTHER_STUDENT })).status).toBe(403)
      expect((await api.call('PATCH', '/notifications/f0f0f0f0f0f0f0f0f0f0f0f0/read', { as: TUTOR })).status).toBe(404)
      const marked = await expectOk(api.call('PATCH', `/notifications/${newest._id}/read`, { as: TUTOR }))
      expect(marked.data).toEqual({ unread: unread - 1 })
      expect(await unreadOf(api, TUTOR)).toBe(unread - 1)
      const readAt = (await inboxOf(api, TUTOR))[0]!.readAt
      expect(readAt).not.toBeNull()
      // Marking again keeps the first time.
      await expectOk(api.call('PATCH', `/notifications/${newest._id}/read`, { as: TUTOR }))
      expect((await inboxOf(api, TUTOR))[0]!.readAt).toBe(readAt)

      const adminUnread = await unreadOf(api, ADMIN)
      expect(adminUnread).toBeGreaterThan(0)
      const all = await expectOk(api.call('POST', '/notifications/read-all', { as: TUTOR }))
      expect(all.data).toEqual({ unread: 0 })
      expect((await inboxOf(api, TUTOR)).every((n) => n.readAt !== null)).toBe(true)
      // Nobody else's inbox was marked.
      expect(await unreadOf(api, ADMIN)).toBe(adminUnread)
    })
  })

  describe('push subscriptions', () => {
    const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: 'BPkey', auth: 'authkey' } })

    it('answers the public key (null without push) and binds a subscription to whoever saved it last', async () => {
      const key = await expectOk(api.call('GET', '/push/public-key', { as: STUDENT }))
      expect(key.data).toHaveProperty('publicKey')
      expect((await api.call('GET', '/push/public-key')).status).toBe(401)
      const endpoint = `https://fcm.googleapis.com/fcm/send/${uniqueSuffix()}`
      expect(
        (await api.call('POST', '/push-subscriptions', { as: STUDENT, body: subscription(endpoint) })).status,
      ).toBe(201)
      expect(
        (await api.call('POST', '/push-subscriptions', { as: STUDENT, body: subscription('javascript:alert(1)') }))
          .status,
      ).toBe(400)
      // Another user cannot drop it; saved on their sign-in, it becomes theirs and no longer the first user's.
      const refused = await expectOk(
        api.call('DELETE', '/push-subscriptions', { as: OTHER_STUDENT, body: { endpoint } }),
      )
      expect(refused.data).toMatchObject({ deletedCount: 0 })
      await expectOk(api.call('POST', '/push-subscriptions', { as: OTHER_STUDENT, body: subscription(endpoint) }))
      const old = await expectOk(api.call('DELETE', '/push-subscriptions', { as: STUDENT, body: { endpoint } }))
      expect(old.data).toMatchObject({ deletedCount: 0 })
      const gone = await expectOk(api.call('DELETE', '/push-subscriptions', { as: OTHER_STUDENT, body: { endpoint } }))
      expect(gone.data).toMatchObject({ deletedCount: 1 })
    })

    /** Deletes each endpoint as `as`: whether each was still theirs. */
    const stillThere = async (as: string, endpoints: readonly string[]) => {
      const answers = await Promise.all(
        endpoints.map((endpoint) => expectOk(api.call('DELETE', '/push-subscriptions', { as, body: { endpoint } }))),
      )
      return answers.map((a) => (a.data as { deletedCount: number }).deletedCount === 1)
    }

    it('keeps only an https:// address on a browser’s push service, so the server is never sent elsewhere', async () => {
      const base = uniqueSuffix()
      const kept = [
        `https://fcm.googleapis.com/fcm/send/${base}`,
        `https://updates.push.services.mozilla.com/wpush/v2/${base}`,
        `https://web.push.apple.com/${base}`,
        `https://wns2-par02p.notify.windows.com/w/?token=${base}`,
      ]
      const refused = [
        `https://127.0.0.1/${base}`,
        `https://127.0.0.1:8787/${base}`,
        `https://[::1]/${base}`,
        `https://169.254.169.254/latest/meta-data/${base}`,
        `https://10.0.0.1/${base}`,
        `https://192.168.1.1/${base}`,
        `https://localhost/${base}`,
        `http://fcm.googleapis.com/fcm/send/${base}`,
        `https://push.example/${base}`,
        `https://fcm.googleapis.com.evil.example/${base}`,
        `https://evilpush.apple.com/${base}`,
        `https://user:secret@fcm.googleapis.com/fcm/send/${base}`,
      ]
      for (const endpoint of refused) {
        const answer = await api.call<{ message: string }>('POST', '/push-subscriptions', {
          as: STUDENT,
          body: subscription(endpoint),
        })
        expect([endpoint, answer.status]).toEqual([endpoint, 400])
        expect(answer.data.message).toMatch(/^endpoint: /)
      }
      for (const endpoint of kept) {
        expect(
          (await api.call('POST', '/push-subscriptions', { as: STUDENT, body: subscription(endpoint) })).status,
        ).toBe(201)
      }
      expect(await stillThere(STUDENT, [...refused, ...kept])).toEqual([
        ...refused.map(() => false),
        ...kept.map(() => true),
      ])
    })

    it('keeps a user’s ten newest subscriptions: an eleventh drops their oldest, and saving one again makes it new', async () => {
      const base = `https://fcm.googleapis.com/fcm/send/${uniqueSuffix()}`
      const save = async (as: string, endpoint: string) =>
        expect((await api.call('POST', '/push-subscriptions', { as, body: subscription(endpoint) })).status).toBe(201)
      const others = `${base}/other-student`
      await save(OTHER_STUDENT, others)
      // The first saved is named last: had two saves the same instant, the later name counts as the newer,
      // so the order below is the same either way.
      const first = `${base}/z-first`
      const next = Array.from({ length: 9 }, (_, i) => `${base}/a-${String(i + 1).padStart(2, '0')}`)
      await save(STUDENT, first)
      for (const endpoint of next) await save(STUDENT, endpoint)
      // A refused one takes no place.
      expect(
        (await api.call('POST', '/push-subscriptions', { as: STUDENT, body: subscription('https://10.0.0.1/x') }))
          .status,
      ).toBe(400)
      await save(STUDENT, first)
      const eleventh = `${base}/a-10`
      await save(STUDENT, eleventh)
      expect(await stillThere(STUDENT, [first, ...next, eleventh])).toEqual([
        true,
        false,
        ...next.slice(1).map(() => true),
        true,
      ])
      // Another user's are theirs alone.
      expect(await stillThere(OTHER_STUDENT, [others])).toEqual([true])
    })
  })
}
