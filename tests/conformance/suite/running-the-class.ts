// The tutor runs the class (docs/rules/sessions.md, docs/rules/bookings.md):
// where it meets and its private meeting link, the tutor's decisions on
// bookings, moving and cancelling a class until it starts (every student
// booked is told), deleting only what no student still holds, and a
// session's cancellation deadline.
import { describe, expect, it } from 'vitest'
import type { Booking, Notification, Session } from '#contract/entities'
import { firstPaintQuery } from '#contract/first-paint'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  createBooking,
  createSession,
  DAY,
  expectOk,
  expectRefusal,
  FREE_STUDENT,
  getAsAdmin,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
/** Two more seeded students: one waits in line, one was rejected. */
const WAITING_STUDENT = 'noah.williams@studyhub.demo'
const REJECTED_STUDENT = 'chloe.dubois@studyhub.demo'

/** An approved session of TUTOR open for booking, its class in ten days (or as `overrides` say). */
async function runningSession(api: Api, overrides: Record<string, unknown> = {}): Promise<string> {
  const now = Date.now()
  const id = await createSession(api, TUTOR, {
    registrationStart: iso(now - HOUR),
    registrationEnd: iso(now + 7 * DAY),
    classStart: iso(now + 10 * DAY),
    classEnd: iso(now + 20 * DAY),
    ...overrides,
  })
  await expectOk(api.call('PATCH', `/sessions/${id}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
  return id
}

const book = (api: Api, student: string, sessionId: string) =>
  api.call('POST', '/bookings', { as: student, body: { sessionId, studentEmail: student, tutorEmail: TUTOR } })
const bookingsOf = async (api: Api, sessionId: string) =>
  (await allBookings(api)).filter((b) => b.sessionId === sessionId)
const studentBookings = async (api: Api, student: string) =>
  (await expectOk(api.call<Booking[]>('GET', `/bookings/student/${student}`, { as: student }))).data
const moveClass = (api: Api, id: string, body: Record<string, unknown>, as = TUTOR) =>
  api.call('PATCH', `/sessions/${id}/class`, { as, body })
const cancelClass = (api: Api, id: string, reason = 'The tutor is ill.', as = TUTOR) =>
  api.call('POST', `/sessions/${id}/cancel`, { as, body: { reason } })
/** The notifications of `kind` a student has about the session. */
const toldOf = async (api: Api, student: string, sessionId: string, kind: string) =>
  (await expectOk(api.call<Notification[]>('GET', '/notifications', { as: student }))).data.filter(
    (n) => n.kind === kind && n.link.endsWith(`/bookings/${sessionId}`),
  )

/**
 * A full session (two seats) with a place and a meeting link: STUDENT approved,
 * OTHER_STUDENT pending, WAITING_STUDENT in line, REJECTED_STUDENT rejected.
 */
async function bookedSession(api: Api, link: string) {
  const id = await runningSession(api, { seats: 2, location: 'Room 4.12, Main Building', meetingUrl: link })
  const approved = await createBooking(api, STUDENT, id, 'approved', TUTOR)
  const rejected = await createBooking(api, REJECTED_STUDENT, id, 'rejected', TUTOR)
  const pending = await createBooking(api, OTHER_STUDENT, id, 'pending', TUTOR)
  const waiting = (await expectOk(book(api, WAITING_STUDENT, id))).data.insertedId as string
  return { id, approved, pending, waiting, rejected }
}

export function runningTheClassTests(api: Api) {
  describe('running the class: the place and the private meeting link', () => {
    it('answers the meeting link to the tutor, admins and an approved student only, and nowhere else', async () => {
      const link = `https://meet.example/class-${uniqueSuffix()}`
      const { id, approved, pending, waiting } = await bookedSession(api, link)
      const session = await getAsAdmin<Session>(api, `/sessions/${id}`)
      expect(session).toMatchObject({ location: 'Room 4.12, Main Building', meetingUrl: link })
      const word = session.title.split(' ')[0]!
      const lists = [
        '/sessions?status=approved',
        `/sessions?status=approved&tutorEmail=${TUTOR}`,
        `/sessions?status=approved&q=${encodeURIComponent(word)}&sort=soonest`,
        `/sessions?status=approved&subject=${encodeURIComponent(session.subject)}&fee=free&open=1`,
        `/sessions?${firstPaintQuery().toString()}`,
        `/sessions?${firstPaintQuery({ page: 1, search: { q: word } }).toString()}`,
      ]
      const seen: string[] = []
      const scan = async (as: string | undefined, path: string, expected = 200) => {
        const res = await api.call('GET', path, as ? { as } : {})
        expect(res.status, `${as ?? 'anonymous'} GET ${path}`).toBe(expected)
        // A calendar's long lines are folded (a space after each break): read unfolded, or a link could hide.
        const text = typeof res.data === 'string' ? res.data.replace(/\r\n[ \t]/g, '') : JSON.stringify(res.data)
        if (path.startsWith('/sessions?')) expect(text, `${path} lists the session`).toContain(id)
        seen.push(`${as ?? 'anonymous'} ${path}: ${text.includes(link)}`)
        return text.includes(link)
      }
      // Nobody who may not join finds it: anonymous, a student not booked, a pending or waitlisted booking's student.
      for (const as of [undefined, FREE_STUDENT, OTHER_STUDENT, WAITING_STUDENT, REJECTED_STUDENT, OTHER_TUTOR])
        for (const path of [...lists, `/sessions/${id}`]) expect(await scan(as, path), seen.at(-1)).toBe(false)
      for (const [student, booking] of [
        [OTHER_STUDENT, pending],
        [WAITING_STUDENT, waiting],
      ] as const) {
        expect(await scan(student, `/bookings/student/${student}`), seen.at(-1)).toBe(false)
        expect(await scan(student, `/bookings/${booking}/calendar`), seen.at(-1)).toBe(false)
        expect(await scan(student, '/notifications'), seen.at(-1)).toBe(false)
      }
      // Lists never carry it, not even to those who may join.
      for (const as of [STUDENT, TUTOR, ADMIN])
        for (const path of lists) expect(await scan(as, path), seen.at(-1)).toBe(false)
      // Those who may join find it on the session, the approved booking, its .ics and the feed.
      for (const as of [STUDENT, TUTOR, ADMIN]) expect(await scan(as, `/sessions/${id}`), seen.at(-1)).toBe(true)
      expect(await scan(STUDENT, `/bookings/student/${STUDENT}`)).toBe(true)
      expect(await scan(STUDENT, `/bookings/${approved}/calendar`)).toBe(true)
      expect(await scan(ADMIN, '/bookings?status=approved')).toBe(true)
      const feed = await expectOk(api.call('POST', `/calendar-feeds/${STUDENT}`, { as: STUDENT }))
      expect((await (await fetch(String(feed.data.url))).text()).replace(/\r\n[ \t]/g, '')).toContain(link)
      // The approved student's booking answer: the place, and the link only there.
      const mine = (await studentBookings(api, STUDENT)).find((b) => b._id === approved)!
      expect(mine).toMatchObject({ location: 'Room 4.12, Main Building', meetingUrl: link })
      const theirs = (await studentBookings(api, OTHER_STUDENT)).find((b) => b._id === pending)!
      expect(theirs.location).toBe('Room 4.12, Main Building')
      expect(theirs).not.toHaveProperty('meetingUrl')
    })

    it('takes the place and link at creation; the tutor or an admin changes or removes them; only https links', async () => {
      const id = await runningSession(api, { location: 'Room 1', meetingUrl: 'https://meet.example/a' })
      const http = await moveClass(api, id, { meetingUrl: 'http://meet.example/a' })
      expectRefusal(http, 'an http meeting link', [400])
      expect(http.data.message).toMatch(/meetingUrl/)
      expectRefusal(await moveClass(api, id, { location: 'x'.repeat(201) }), 'a long place', [400])
      await expectOk(moveClass(api, id, { location: 'Room 2', meetingUrl: 'https://meet.example/b' }))
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({
        location: 'Room 2',
        meetingUrl: 'https://meet.example/b',
      })
      await expectOk(moveClass(api, id, { location: '', meetingUrl: '' }, ADMIN))
      const cleared = await getAsAdmin<Session>(api, `/sessions/${id}`)
      expect(cleared).not.toHaveProperty('location')
      expect(cleared).not.toHaveProperty('meetingUrl')
      expect((await moveClass(api, id, { location: 'Room 3' }, OTHER_TUTOR)).status).toBe(403)
      expect((await moveClass(api, id, { location: 'Room 3' }, STUDENT)).status).toBe(403)
    })
  })

  describe('running the class: the tutor decides bookings', () => {
    it('lets the tutor approve or reject pending bookings of their own session, but not move one', async () => {
      const id = await runningSession(api)
      const first = await createBooking(api, STUDENT, id, 'pending', TUTOR)
      const second = await createBooking(api, OTHER_STUDENT, id, 'pending', TUTOR)
      const decide = (booking: string, status: string, as: string) =>
        api.call('PATCH', `/bookings/${booking}`, { as, body: { status } })
      expect((await decide(first, 'approved', OTHER_TUTOR)).status).toBe(403)
      await expectOk(decide(first, 'approved', TUTOR))
      await expectOk(decide(second, 'rejected', TUTOR))
      const rows = await bookingsOf(api, id)
      expect(rows.find((b) => b._id === first)?.status).toBe('approved')
      expect(rows.find((b) => b._id === second)?.status).toBe('rejected')
      expect(await toldOf(api, STUDENT, id, 'booking-approved')).toHaveLength(1)
      expectRefusal(await decide(first, 'rejected', TUTOR), 'deciding twice', [409])
      const move = await api.call('PATCH', `/bookings/${first}`, {
        as: TUTOR,
        body: { studentEmail: THIRD_STUDENT, tutorEmail: TUTOR, sessionId: id },
      })
      expectRefusal(move, 'a tutor moving a booking', [403])
      expect(move.data.message).toMatch(/admin/)
    })
  })

  describe('running the class: moving it', () => {
    it('moves an approved class until it starts, keeps where it was, and tells every live booking', async () => {
      const { id, approved, pending, waiting, rejected } = await bookedSession(api, 'https://meet.example/m')
      const cancelledBooking = await createBooking(api, FREE_STUDENT, id, 'pending', TUTOR)
      // A seat freed by this cancel goes to the one in line: four live bookings then, three students told.
      await expectOk(api.call('PATCH', `/bookings/${cancelledBooking}/cancel`, { as: FREE_STUDENT }))
      const before = await getAsAdmin<Session>(api, `/sessions/${id}`)
      const ics = async () =>
        (await expectOk(api.call<string>('GET', `/bookings/${approved}/calendar`, { as: STUDENT }))).data
      const icsBefore = await ics()
      const classStart = iso(Date.parse(before.classStart) + 2 * DAY)
      const classEnd = iso(Date.parse(before.classEnd) + 2 * DAY)

      expectRefusal(await moveClass(api, id, { classStart, classEnd: before.classStart }), 'end first', [400])
      expectRefusal(await moveClass(api, id, { classStart: iso(Date.now() - HOUR) }), 'into the past', [400])
      await expectOk(moveClass(api, id, { classStart, classEnd, location: 'Hall B' }))

      const after = await getAsAdmin<Session>(api, `/sessions/${id}`)
      expect(after).toMatchObject({ classStart, classEnd, location: 'Hall B' })
      expect(after.movedFrom).toEqual({ classStart: before.classStart, classEnd: before.classEnd })
      expect(Date.parse(after.movedAt!)).toBeGreaterThan(Date.now() - 60_000)
      const card = (await studentBookings(api, STUDENT)).find((b) => b._id === approved)!
      expect(card).toMatchObject({ classStart, movedFrom: after.movedFrom, movedAt: after.movedAt })
      for (const student of [STUDENT, OTHER_STUDENT, WAITING_STUDENT]) {
        const told = await toldOf(api, student, id, 'session-moved')
        expect(told, student).toHaveLength(1)
        expect(told[0]!.body).toMatch(/was /)
      }
      for (const student of [REJECTED_STUDENT, FREE_STUDENT])
        expect(await toldOf(api, student, id, 'session-moved'), student).toHaveLength(0)
      // The same event, one version on.
      const uid = (text: string) => /UID:(.*)/.exec(text)![1]
      const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)![1])
      const icsAfter = await ics()
      expect(uid(icsAfter)).toBe(uid(icsBefore))
      expect(sequence(icsAfter)).toBeGreaterThan(sequence(icsBefore))
      expect(icsAfter).toContain('LOCATION:Hall B')
      expect([pending, waiting, rejected]).toHaveLength(3)

      // Only a deadline changed: no one is told again, and the times stay.
      await expectOk(moveClass(api, id, { cancelDeadlineHours: 12 }, ADMIN))
      expect(await toldOf(api, STUDENT, id, 'session-moved')).toHaveLength(1)
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({ classStart, cancelDeadlineHours: 12 })
    })

    it('refuses to move a class that started, a session not approved, or a cancelled class (409)', async () => {
      const now = Date.now()
      const started = await runningSession(api, { classStart: iso(now - HOUR), classEnd: iso(now + DAY) })
      const late = await moveClass(api, started, { location: 'Hall C' })
      expectRefusal(late, 'a started class', [409])
      expect(late.data.message).toMatch(/started/)
      const pendingSession = await createSession(api, TUTOR)
      expectRefusal(await moveClass(api, pendingSession, { location: 'Hall C' }), 'a pending session', [409])
      const cancelled = await runningSession(api)
      await expectOk(cancelClass(api, cancelled))
      expectRefusal(await moveClass(api, cancelled, { location: 'Hall C' }), 'a cancelled class', [409])
    })
  })

  describe('running the class: cancelling it', () => {
    it('cancels every live booking with the reason, clears the line, tells each student, and leaves public lists', async () => {
      const { id, approved, pending, waiting, rejected } = await bookedSession(api, 'https://meet.example/c')
      const title = (await getAsAdmin<Session>(api, `/sessions/${id}`)).title
      expect((await cancelClass(api, id, 'Ill.', OTHER_TUTOR)).status).toBe(403)
      expectRefusal(
        await api.call('POST', `/sessions/${id}/cancel`, { as: TUTOR, body: { reason: ' ' } }),
        'no reason',
        [400],
      )
      const done = await expectOk(cancelClass(api, id, 'The tutor is ill.'))
      expect(done.data).toMatchObject({ success: true, cancelledBookings: 3 })

      const rows = await bookingsOf(api, id)
      for (const booking of [approved, pending, waiting]) {
        expect(rows.find((b) => b._id === booking)).toMatchObject({
          status: 'cancelled',
          cancelledBy: TUTOR,
          cancelReason: 'The tutor is ill.',
        })
      }
      expect(rows.find((b) => b._id === rejected)?.status).toBe('rejected')
      for (const student of [STUDENT, OTHER_STUDENT, WAITING_STUDENT]) {
        const told = await toldOf(api, student, id, 'session-cancelled')
        expect(told, student).toHaveLength(1)
        expect(told[0]!.body).toContain('The tutor is ill.')
      }
      expect(await toldOf(api, REJECTED_STUDENT, id, 'session-cancelled')).toHaveLength(0)

      // Its students, its tutor and admins still see it, marked; the public does not.
      const card = (await studentBookings(api, STUDENT)).find((b) => b._id === approved)!
      expect(card).toMatchObject({ status: 'cancelled', cancelReason: 'The tutor is ill.' })
      expect(Date.parse(card.sessionCancelledAt!)).toBeGreaterThan(Date.now() - 60_000)
      for (const as of [STUDENT, WAITING_STUDENT, TUTOR, ADMIN]) {
        const shown = await api.call<Session>('GET', `/sessions/${id}`, { as })
        expect(shown.status, as).toBe(200)
        expect(shown.data).toMatchObject({ cancelledAt: card.sessionCancelledAt, cancelReason: 'The tutor is ill.' })
      }
      expect((await api.call('GET', `/sessions/${id}`)).status).toBe(404)
      expect((await api.call('GET', `/sessions/${id}`, { as: FREE_STUDENT })).status).toBe(404)
      const word = encodeURIComponent(title.split(' ')[0]!)
      for (const path of [
        '/sessions?status=approved',
        '/sessions?status=approved&page=1&limit=100',
        `/sessions?status=approved&tutorEmail=${TUTOR}`,
        `/sessions?status=approved&q=${word}`,
        `/sessions?${firstPaintQuery().toString()}`,
      ]) {
        const listed = await expectOk(api.call<Session[]>('GET', path))
        expect(
          listed.data.map((s) => s._id),
          path,
        ).not.toContain(id)
      }
      // The tutor's own list and an admin's still have it.
      const own = await expectOk(api.call<Session[]>('GET', `/sessions/tutor/${TUTOR}`, { as: TUTOR }))
      expect(own.data.map((s) => s._id)).toContain(id)
      expect((await getAsAdmin<Session[]>(api, '/admin/sessions')).map((s) => s._id)).toContain(id)

      const again = await cancelClass(api, id)
      expectRefusal(again, 'cancelling twice', [409])
      expect(again.data.message).toBe('This class is already cancelled.')
      expectRefusal(await book(api, FREE_STUDENT, id), 'booking a cancelled class', [409])
    })

    it('refuses to cancel a class that started or a session not approved (409)', async () => {
      const now = Date.now()
      const started = await runningSession(api, { classStart: iso(now - HOUR), classEnd: iso(now + DAY) })
      const late = await cancelClass(api, started)
      expectRefusal(late, 'a started class', [409])
      expect(late.data.message).toMatch(/started/)
      expectRefusal(await cancelClass(api, await createSession(api, TUTOR)), 'a pending session', [409])
    })

    it('deletes a session only once no booking is live: cancelling first tells its students', async () => {
      const id = await runningSession(api)
      await createBooking(api, STUDENT, id, 'approved', TUTOR)
      const refused = await api.call('DELETE', `/sessions/${id}`, { as: ADMIN })
      expectRefusal(refused, 'deleting a booked session', [409])
      expect(refused.data.message).toBe('This session has bookings: cancel the class first, so its students are told.')
      expect(await bookingsOf(api, id)).toHaveLength(1)
      await expectOk(cancelClass(api, id, 'Room flooded.', ADMIN))
      expect(await toldOf(api, STUDENT, id, 'session-cancelled')).toHaveLength(1)
      await expectOk(api.call('DELETE', `/sessions/${id}`, { as: ADMIN }))
      expect(await bookingsOf(api, id)).toHaveLength(0)
    })
  })

  describe('running the class: the cancellation deadline', () => {
    it('refuses a student’s cancel past the deadline, saying why; an admin may; a move after booking frees the student', async () => {
      const now = Date.now()
      const id = await runningSession(api, {
        classStart: iso(now + DAY),
        classEnd: iso(now + 2 * DAY),
        cancelDeadlineHours: 48,
      })
      expect(await getAsAdmin<Session>(api, `/sessions/${id}`)).toMatchObject({ cancelDeadlineHours: 48 })
      const mine = await createBooking(api, STUDENT, id, 'approved', TUTOR)
      const theirs = await createBooking(api, OTHER_STUDENT, id, 'pending', TUTOR)
      const late = await api.call('PATCH', `/bookings/${mine}/cancel`, { as: STUDENT })
      expectRefusal(late, 'past the deadline', [409])
      expect(late.data.message).toBe('Bookings of this session can be cancelled up to 48 hours before the class.')
      await expectOk(api.call('PATCH', `/bookings/${theirs}/cancel`, { as: ADMIN }))

      // Moved after they booked (still inside the deadline): the student may cancel now.
      await expectOk(moveClass(api, id, { classStart: iso(now + 30 * HOUR), classEnd: iso(now + 2 * DAY) }))
      await expectOk(api.call('PATCH', `/bookings/${mine}/cancel`, { as: STUDENT }))

      // Booked after the move: the deadline binds again.
      const third = await createBooking(api, THIRD_STUDENT, id, 'pending', TUTOR)
      expectRefusal(await api.call('PATCH', `/bookings/${third}/cancel`, { as: THIRD_STUDENT }), 'after move', [409])
    })

    it('lets students cancel until the deadline, and until the class starts without one', async () => {
      const id = await runningSession(api, { cancelDeadlineHours: 2 })
      const mine = await createBooking(api, STUDENT, id, 'approved', TUTOR)
      await expectOk(api.call('PATCH', `/bookings/${mine}/cancel`, { as: STUDENT }))
      const open = await runningSession(api, { classStart: iso(Date.now() + HOUR), classEnd: iso(Date.now() + DAY) })
      const theirs = await createBooking(api, OTHER_STUDENT, open, 'pending', TUTOR)
      await expectOk(api.call('PATCH', `/bookings/${theirs}/cancel`, { as: OTHER_STUDENT }))
    })
  })
}
