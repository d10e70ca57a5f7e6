// A session's roster and attendance: its tutor (or an admin) reads every
// booking of it, first booked first, with the student's name and place in
// line; once the class has started they mark each approved student present
// or absent, which the student's booking and their review then show.
import { describe, expect, it } from 'vitest'
import type { Booking, Review, RosterEntry } from '#contract/entities'
import type { Api } from '../harness/api-client'
import {
  accountName,
  ADMIN,
  createBooking,
  createReview,
  createOpenSession,
  createStartedSession,
  expectOk,
  FREE_STUDENT,
  OTHER_STUDENT,
  OTHER_TUTOR,
  STUDENT,
  THIRD_STUDENT,
  TUTOR,
  uniqueSuffix,
} from './fixtures'

/** An approved session of TUTOR open for booking, its class a day away, with `seats` seats. */
async function futureSession(api: Api, seats?: number): Promise<string> {
  const id = await createOpenSession(api, TUTOR)
  if (seats !== undefined)
    await expectOk(
      api.call('PATCH', `/sessions/${id}`, {
        as: ADMIN,
        body: { title: 'Seated', subject: 'Maths', duration: 2, registrationFee: 0, seats },
      }),
    )
  return id
}

const roster = (api: Api, sessionId: string, as = TUTOR) =>
  api.call<RosterEntry[]>('GET', `/sessions/${sessionId}/roster`, { as })
const mark = (api: Api, bookingId: string, attendance: string, as = TUTOR, idempotencyKey?: string) =>
  api.call('PATCH', `/bookings/${bookingId}/attendance`, {
    as,
    body: { attendance },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })
const studentBooking = async (api: Api, student: string, id: string) =>
  (await api.call<Booking[]>('GET', `/bookings/student/${student}`, { as: student })).data.find((b) => b._id === id)

export function rosterAndAttendanceTests(api: Api) {
  describe('roster', () => {
    it('lists every booking of the session, first booked first, with names, statuses and places in line', async () => {
      const session = await futureSession(api, 2)
      const approved = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      const pending = await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      const waiting = await expectOk(
        api.call('POST', '/bookings', {
          as: THIRD_STUDENT,
          body: { sessionId: session, studentEmail: THIRD_STUDENT, tutorEmail: TUTOR },
        }),
      )
      const waitingId = waiting.data.insertedId as string
      const last = await expectOk(
        api.call('POST', '/bookings', {
          as: FREE_STUDENT,
          body: { sessionId: session, studentEmail: FREE_STUDENT, tutorEmail: TUTOR },
        }),
      )
      const lastId = last.data.insertedId as string
      await expectOk(api.call('PATCH', `/bookings/${lastId}/cancel`, { as: FREE_STUDENT }))

      const res = await roster(api, session)
      expect(res.status).toBe(200)
      expect(res.data.map((e) => e.bookingId)).toEqual([approved, pending, waitingId, lastId])
      expect(res.data[0]).toEqual({
        bookingId: approved,
        studentName: await accountName(api, STUDENT),
        studentEmail: STUDENT,
        status: 'approved',
        bookedAt: expect.any(String),
      })
      expect(res.data[1]).toMatchObject({ status: 'pending', studentName: await accountName(api, OTHER_STUDENT) })
      expect(res.data[2]).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })
      expect(res.data[3]).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) })
      expect(res.data[3]).not.toHaveProperty('waitlistPosition')
      // An admin reads the same list.
      expect((await roster(api, session, ADMIN)).data).toEqual(res.data)
    })

    it('is for the session’s tutor and admins only', async () => {
      const session = await futureSession(api)
      await createBooking(api, STUDENT, session, 'pending', TUTOR)
      expect((await roster(api, session, OTHER_TUTOR)).status).toBe(403)
      expect((await roster(api, session, STUDENT)).status).toBe(403)
      expect((await api.call('GET', `/sessions/${session}/roster`)).status).toBe(401)
      expect((await roster(api, `missing-${uniqueSuffix()}`)).status).toBe(404)
    })
  })

  describe('attendance', () => {
    it('is marked only once the class has started', async () => {
      const session = await futureSession(api)
      const id = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      const early = await mark(api, id, 'present')
      expect(early.status).toBe(409)
      expect(early.data.message).toBe('Attendance can be marked once the class has started.')
      expect(await studentBooking(api, STUDENT, id)).not.toHaveProperty('attendance')
    })

    it('is marked only on approved bookings, by the session’s tutor or an admin', async () => {
      const session = await createStartedSession(api, TUTOR)
      const pending = await createBooking(api, OTHER_STUDENT, session, 'pending', TUTOR)
      const refused = await mark(api, pending, 'present')
      expect(refused.status).toBe(409)
      expect(refused.data.message).toBe('Only approved bookings can be marked present or absent.')

      const id = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      expect((await mark(api, id, 'present', OTHER_TUTOR)).status).toBe(403)
      expect((await mark(api, id, 'present', STUDENT)).status).toBe(403)
      const bad = await mark(api, id, 'late')
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/attendance/)
      expect(await studentBooking(api, STUDENT, id)).not.toHaveProperty('attendance')
    })

    it('shows on the student’s booking and the roster, and may be changed', async () => {
      const session = await createStartedSession(api, TUTOR)
      const id = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      expect((await expectOk(mark(api, id, 'absent'))).data).toMatchObject({ success: true })
      expect(await studentBooking(api, STUDENT, id)).toMatchObject({ attendance: 'absent' })
      expect((await roster(api, session)).data[0]).toMatchObject({ bookingId: id, attendance: 'absent' })

      await expectOk(mark(api, id, 'present', ADMIN))
      expect(await studentBooking(api, STUDENT, id)).toMatchObject({ attendance: 'present' })
    })

    it('runs a keyed mark once: a retry with the same key replays the first answer', async () => {
      const session = await createStartedSession(api, TUTOR)
      const id = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      const key = `attend-${uniqueSuffix()}`
      const first = await mark(api, id, 'present', TUTOR, key)
      expect(first.status).toBe(200)
      // Changed meanwhile to absent: the retry of the first mark must not put it back.
      await expectOk(mark(api, id, 'absent'))
      const retry = await mark(api, id, 'present', TUTOR, key)
      expect(retry.status).toBe(200)
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
      expect(retry.data).toEqual(first.data)
      expect(await studentBooking(api, STUDENT, id)).toMatchObject({ attendance: 'absent' })
    })

    it('says "attended" on the reviews of students marked present, and only theirs', async () => {
      const session = await createStartedSession(api, TUTOR)
      const came = await createBooking(api, STUDENT, session, 'approved', TUTOR)
      const missed = await createBooking(api, OTHER_STUDENT, session, 'approved', TUTOR)
      await createBooking(api, THIRD_STUDENT, session, 'approved', TUTOR)
      await expectOk(mark(api, came, 'present'))
      await expectOk(mark(api, missed, 'absent'))
      for (const student of [STUDENT, OTHER_STUDENT, THIRD_STUDENT]) await createReview(api, student, session)

      const reviews = (await api.call<Review[]>('GET', `/reviews/${session}`)).data
      expect(reviews).toHaveLength(3)
      const attended = reviews.filter((r) => r.attended === true)
      expect(attended.map((r) => r.studentName)).toEqual([await accountName(api, STUDENT)])
      expect(reviews.filter((r) => r.attended !== undefined)).toHaveLength(1)
      const all = (await api.call<Review[]>('GET', '/reviews', { as: ADMIN })).data.filter(
        (r) => r.sessionId === session,
      )
      expect(all.find((r) => r.studentEmail === STUDENT)).toMatchObject({ attended: true })
      expect(all.find((r) => r.studentEmail === OTHER_STUDENT)).not.toHaveProperty('attended')
    })
  })
}
