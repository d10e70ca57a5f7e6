// Cancelling a booking, seats and the waiting list: a student cancels until
// the class starts (an admin at any time), the booking stays as cancelled and
// frees its seat; a full session puts bookings in line, and whatever frees a
// seat (a cancel, a rejection, a delete, more seats) gives it to the first in
// line at once. Parallel bookings and cancels keep the count exact.
import { describe, expect, it } from 'vitest'
import type { Booking, Session } from '#contract/entities'
import { SEED_STUDENTS } from '#core/seed/seed-data'
import type { Api } from '../harness/api-client'
import {
  ADMIN,
  allBookings,
  createOpenSession,
  createSession,
  DAY,
  expectOk,
  FREE_STUDENT,
  getAsAdmin,
  OTHER_STUDENT,
  THIRD_STUDENT,
  TUTOR,
} from './fixtures'

const STUDENTS = SEED_STUDENTS.map((s) => s.email)
const HOUR = 3_600_000

/** An open session of TUTOR with `seats` seats. */
async function sessionWithSeats(api: Api, seats: number): Promise<string> {
  const id = await createOpenSession(api, TUTOR)
  await expectOk(
    api.call('PATCH', `/sessions/${id}`, {
      as: ADMIN,
      body: { title: 'Seated', subject: 'Maths', duration: 2, registrationFee: 20, seats },
    }),
  )
  return id
}

const book = (api: Api, student: string, sessionId: string) =>
  api.call('POST', '/bookings', { as: student, body: { sessionId, studentEmail: student, tutorEmail: TUTOR } })
const cancel = (api: Api, id: string, as: string) => api.call('PATCH', `/bookings/${id}/cancel`, { as })
const bookingsOf = async (api: Api, sessionId: string) =>
  (await allBookings(api)).filter((b) => b.sessionId === sessionId)

/** The session's line as answered: ids by place, and every place 1..n exactly once. */
async function line(api: Api, sessionId: string): Promise<Booking[]> {
  const waiting = (await bookingsOf(api, sessionId)).filter((b) => b.status === 'waitlisted')
  const sorted = [...waiting].sort((a, b) => a.waitlistPosition! - b.waitlistPosition!)
  expect(sorted.map((b) => b.waitlistPosition)).toEqual(sorted.map((_, i) => i + 1))
  return sorted
}

const holding = (rows: Booking[]) => rows.filter((b) => b.status === 'pending' || b.status === 'approved')

export function seatsAndCancelTests(api: Api) {
  describe('cancel a booking', () => {
    it('keeps the booking as cancelled, frees the student to book again, and leaves it out of the tutor count', async () => {
      const session = await createOpenSession(api, TUTOR)
      const first = await expectOk(book(api, FREE_STUDENT, session))
      const id = first.data.insertedId as string
      expect((await cancel(api, id, OTHER_STUDENT)).status).toBe(403)
      expect((await api.call('PATCH', `/bookings/${id}/cancel`, { as: TUTOR })).status).toBe(403)
      const before = (await api.call('GET', `/tutor/stats/${TUTOR}`, { as: TUTOR })).data.totalStudents as number

      const done = await cancel(api, id, FREE_STUDENT)
      expect(done.status).toBe(200)
      expect(done.data).toMatchObject({ success: true })
      const kept = (await bookingsOf(api, session)).find((b) => b._id === id)!
      expect(kept).toMatchObject({ status: 'cancelled', cancelledBy: FREE_STUDENT })
      expect(Date.parse(kept.cancelledAt!)).toBeGreaterThan(Date.now() - 60_000)
      expect((await api.call('GET', '/bookings?status=cancelled', { as: ADMIN })).data).toContainEqual(
        expect.objectContaining({ _id: id }),
      )
      const after = (await api.call('GET', `/tutor/stats/${TUTOR}`, { as: TUTOR })).data.totalStudents as number
      expect(after).toBeLessThanOrEqual(before)

      const again = await expectOk(book(api, FREE_STUDENT, session))
      expect(again.data.insertedId).not.toBe(id)
      const rows = await bookingsOf(api, session)
      expect(rows.map((b) => b.status).sort()).toEqual(['cancelled', 'pending'])
      const mine = (await api.call<Booking[]>('GET', `/bookings/student/${FREE_STUDENT}`, { as: FREE_STUDENT })).data
      expect(mine.filter((b) => b.sessionId === session)).toHaveLength(2)
      // A second live booking of the same session is still refused.
      expect((await book(api, FREE_STUDENT, session)).status).toBe(409)
    })

    it('answers a student’s cancel of their own booking that is cancelled already as done, changing nothing', async () => {
      const session = await createOpenSession(api, TUTOR)
      const id = (await expectOk(book(api, FREE_STUDENT, session))).data.insertedId as string
      // Cancelled meanwhile by an admin (or on another device, or by a first try whose answer was lost).
      expect((await cancel(api, id, ADMIN)).status).toBe(200)
      const cancelled = (await bookingsOf(api, session)).find((b) => b._id === id)!

      const repeat = await cancel(api, id, FREE_STUDENT)
      expect(repeat.status).toBe(200)
      expect(repeat.data).toEqual({ success: true, message: 'Booking already cancelled.' })
      expect((await bookingsOf(api, session)).find((b) => b._id === id)).toEqual(cancelled)
      // Only the booking's own student: anyone else is refused as before, an admin's repeat too.
      expect((await cancel(api, id, OTHER_STUDENT)).status).toBe(403)
      expect((await cancel(api, id, ADMIN)).status).toBe(409)
    })

    it('lets a student cancel only until the class starts; an admin at any time', async () => {
      const now = Date.now()
      const started = await createSession(api, TUTOR, {
        registrationStart: new Date(now - 2 * HOUR).toISOString(),
        registrationEnd: new Date(now + DAY).toISOString(),
        classStart: new Date(now - HOUR).toISOString(),
        classEnd: new Date(now + DAY).toISOString(),
      })
      await expectOk(api.call('PATCH', `/sessions/${started}/approve`, { as: ADMIN, body: { fee: 0, type: 'Free' } }))
      const id = (await expectOk(book(api, THIRD_STUDENT, started))).data.insertedId as string
      const late = await cancel(api, id, THIRD_STUDENT)
      expect(late.status).toBe(409)
      expect(late.data.message).toMatch(/started/)
      expect((await cancel(api, id, ADMIN)).status).toBe(200)
      expect((await bookingsOf(api, started))[0]).toMatchObject({ status: 'cancelled', cancelledBy: ADMIN })
    })
  })

  describe('seats and the waiting list', () => {
    it('fills the seats, lines up the rest, and gives each freed seat to the first in line', async () => {
      const session = await sessionWithSeats(api, 2)
      const [a, b, c, d, e] = STUDENTS as [string, string, string, string, string]
      const ids: Record<string, string> = {}
      for (const s of [a, b, c, d, e]) ids[s] = (await expectOk(book(api, s, session))).data.insertedId as string
      let shown = await getAsAdmin<Session>(api, `/sessions/${session}`)
      expect(shown).toMatchObject({ seats: 2, seatsLeft: 0 })
      expect((await line(api, session)).map((x) => x._id)).toEqual([ids[c], ids[d], ids[e]])
      const mine = (await api.call<Booking[]>('GET', `/bookings/student/${d}`, { as: d })).data
      expect(mine.find((x) => x._id === ids[d])).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 })

      // A cancel: c moves up, pending as if just booked, and says so.
      await expectOk(cancel(api, ids[a]!, a))
      let rows = await bookingsOf(api, session)
      expect(rows.find((x) => x._id === ids[c])).toMatchObject({ status: 'pending', promotedAt: expect.any(String) })
      expect((await line(api, session)).map((x) => x._id)).toEqual([ids[d], ids[e]])

      // A rejection: d moves up.
      await expectOk(api.call('PATCH', `/bookings/${ids[b]}`, { as: ADMIN, body: { status: 'rejected' } }))
      expect((await line(api, session)).map((x) => x._id)).toEqual([ids[e]])

      // An admin's delete of an approved booking: e moves up.
      await expectOk(api.call('PATCH', `/bookings/${ids[c]}`, { as: ADMIN, body: { status: 'approved' } }))
      await expectOk(api.call('DELETE', `/bookings/${ids[c]}`, { as: ADMIN }))
      expect(await line(api, session)).toEqual([])
      rows = await bookingsOf(api, session)
      expect(
        holding(rows)
          .map((x) => x._id)
          .sort(),
      ).toEqual([ids[d], ids[e]].sort())

      // A full session asked again after a rejection: the rejected booking goes into line.
      const renewed = await expectOk(book(api, b, session))
      expect(renewed.data).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, insertedId: ids[b] })

      // More seats: the line moves up at once; no limit at all takes everyone.
      await expectOk(
        api.call('PATCH', `/sessions/${session}`, {
          as: ADMIN,
          body: { title: 'Seated', subject: 'Maths', duration: 2, registrationFee: 20, seats: null },
        }),
      )
      shown = await getAsAdmin<Session>(api, `/sessions/${session}`)
      expect(shown.seats).toBeUndefined()
      expect(shown.seatsLeft).toBeUndefined()
      expect(await line(api, session)).toEqual([])
    })

    it('takes exactly k of N parallel bookings and lines up the rest at places 1 to N − k', async () => {
      const k = 3
      const session = await sessionWithSeats(api, k)
      // Signed in first, so the bookings themselves go out together.
      await Promise.all(STUDENTS.map((s) => api.signIn(s)))
      const answers = await Promise.all(STUDENTS.map((s) => book(api, s, session)))
      for (const res of answers) expect(res.status, JSON.stringify(res.data)).toBe(201)
      const waiting = answers.filter((res) => res.data.status === 'waitlisted')
      expect(waiting).toHaveLength(STUDENTS.length - k)
      expect(waiting.map((res) => res.data.waitlistPosition as number).sort((x, y) => x - y)).toEqual(
        waiting.map((_, i) => i + 1),
      )
      let rows = await bookingsOf(api, session)
      expect(holding(rows)).toHaveLength(k)
      expect(await line(api, session)).toHaveLength(STUDENTS.length - k)

      // Two cancels at once, with N − k waiting: exactly two move up, the line closes its gaps.
      const [x, y] = holding(rows)
      await Promise.all([cancel(api, x!._id, x!.studentEmail), cancel(api, y!._id, y!.studentEmail)])
      rows = await bookingsOf(api, session)
      expect(holding(rows)).toHaveLength(k)
      expect(rows.filter((b) => b.promotedAt)).toHaveLength(2)
      expect(await line(api, session)).toHaveLength(STUDENTS.length - k - 2)
      expect((await getAsAdmin<Session>(api, `/sessions/${session}`)).seatsLeft).toBe(0)
    })

    it('refuses seats that are not a whole number of at least 1', async () => {
      const session = await createOpenSession(api, TUTOR)
      const body = { title: 'T', subject: 'S', duration: 2, registrationFee: 0 }
      for (const seats of [0, -1, 1.5, 'many'])
        expect((await api.call('PATCH', `/sessions/${session}`, { as: ADMIN, body: { ...body, seats } })).status).toBe(
          400,
        )
    })
  })
}
