// @vitest-environment node
// What the Store's database holds to whatever the callers do, over PGlite
// (always) and over a real PostgreSQL (when TEST_DATABASE_URL names one): one
// booking, review and note id however many arrive at once, no row naming one
// that does not exist, values within the contract's ranges and lengths, a
// user's notification preferences once and gone with them, an idempotency key
// claimed once, and one token secret (./pg-store-fixtures.ts).
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MAX_CANCEL_DEADLINE_HOURS, TEXT_LIMITS } from '#contract/limits'
import { UniqueViolation, type SessionRow } from '#core/store'
import {
  at,
  booking,
  describeOnEachTarget,
  expectCheck,
  expectMissing,
  expectUnique,
  material,
  note,
  review,
  session,
  STUDENT,
  STUDENT2,
  TUTOR,
  user,
} from './pg-store-fixtures'

describeOnEachTarget(({ store, basics }) => {
  describe('uniqueness under concurrency', () => {
    it('keeps one booking per student and session, however many arrive at once', async () => {
      const { s } = await basics()
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.bookings.insert(booking(s, STUDENT))),
      )
      const refused = results.filter((r) => r.status === 'rejected')
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect(refused).toHaveLength(9)
      for (const r of refused) {
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation)
        expect(((r as PromiseRejectedResult).reason as UniqueViolation).rule).toBe('booking.student-session')
      }
      expect(await store.bookings.ofStudent(STUDENT)).toHaveLength(1)
    })

    it('keeps one review per student and session, however many arrive at once', async () => {
      const { s } = await basics()
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => store.reviews.insert(review(s, STUDENT))),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect(((r as PromiseRejectedResult).reason as UniqueViolation).rule).toBe('review.student-session')
      }
      expect(await store.reviews.ofSession(s._id)).toHaveLength(1)
    })

    it('refuses a note id used twice (an offline note brings its own UUID)', async () => {
      await basics()
      const id = randomUUID()
      await store.notes.insert(note(STUDENT, { _id: id }))
      await expectUnique(store.notes.insert(note(STUDENT2, { _id: id })), 'note.id')
      expect((await store.notes.get(id))!.email).toBe(STUDENT)
    })
  })

  describe('references', () => {
    it('refuses rows naming a session, material or user that does not exist', async () => {
      const { s } = await basics()
      const gone = session(TUTOR)
      await expectMissing(store.bookings.insert(booking(gone, STUDENT)), 'session')
      await expectMissing(store.reviews.insert(review(gone, STUDENT)), 'session')
      await expectMissing(store.bookings.insert(booking(s, 'nobody@example.com')), 'user')
      await expectMissing(store.notes.insert(note('nobody@example.com')), 'user')
      await expectMissing(store.sessions.insert(session('nobody@example.com')), 'user')
      const { row, file } = material(gone)
      await expectMissing(store.materials.insertWithFile(row, file), 'session')
      expect(await store.materials.count()).toBe(0)
    })

    it('refuses moving a booking to a session deleted meanwhile, or onto another booking', async () => {
      const { s } = await basics()
      const other = session(TUTOR)
      await store.sessions.insert(other)
      const b = booking(s, STUDENT, { status: 'approved' })
      await store.bookings.insert(b)
      await store.bookings.insert(booking(other, STUDENT))
      await expectUnique(store.bookings.update(b._id, { sessionId: other._id }, 'approved'), 'booking.student-session')
      await expectMissing(store.bookings.update(b._id, { sessionId: 'gone' }, 'approved'), 'session')
      expect(await store.bookings.get(b._id)).toEqual(b)
    })
  })

  describe('constraints on values', () => {
    it('refuses values outside the ranges and lengths the contract allows', async () => {
      const { s } = await basics()
      await expectCheck(store.sessions.insert(session(TUTOR, { duration: 0.5 })), 'sessions_duration_check')
      await expectCheck(
        store.sessions.insert(session(TUTOR, { registrationFee: -1 })),
        'sessions_registration_fee_check',
      )
      await expectCheck(
        store.sessions.insert(session(TUTOR, { registrationEnd: at(-1) })),
        'sessions_registration_window_check',
      )
      await expectCheck(store.sessions.insert(session(TUTOR, { classEnd: at(71) })), 'sessions_class_window_check')
      // The class's place, link, deadline and cancel, within the contract's limits (#contract/limits).
      const placed = (patch: Partial<SessionRow>) => store.sessions.insert(session(TUTOR, patch))
      await expectCheck(placed({ location: 'x'.repeat(TEXT_LIMITS.location + 1) }), 'sessions_location_length')
      await expectCheck(placed({ meetingUrl: 'http://meet.example/a' }), 'sessions_meeting_url_https')
      await expectCheck(
        placed({ cancelDeadlineHours: MAX_CANCEL_DEADLINE_HOURS + 1 }),
        'sessions_cancel_deadline_hours_check',
      )
      await expectCheck(placed({ cancelledAt: at(1) }), 'sessions_cancelled_reason_check')
      await expectCheck(
        placed({ cancelledAt: at(1), cancelReason: 'x'.repeat(TEXT_LIMITS.cancelReason + 1) }),
        'sessions_cancel_reason_length',
      )
      await expectCheck(placed({ movedAt: at(1) }), 'sessions_moved_check')
      await expectCheck(
        store.bookings.insert(booking(s, STUDENT, { cancelReason: 'x'.repeat(TEXT_LIMITS.cancelReason + 1) })),
        'bookings_cancel_reason_length',
      )
      await expectCheck(store.sessions.insert(session(TUTOR, { title: 'x'.repeat(151) })), 'sessions_title_length')
      await expectCheck(store.sessions.insert(session(TUTOR, { title: '' })), 'sessions_title_length')
      await expectCheck(store.reviews.insert(review(s, STUDENT, { rating: 6 })), 'reviews_rating_check')
      await expectCheck(store.reviews.insert(review(s, STUDENT, { rating: 0 })), 'reviews_rating_check')
      // Present or absent, or not marked: nothing else.
      const late = booking(s, STUDENT2, { status: 'approved' })
      await store.bookings.insert(late)
      await expectCheck(
        store.bookings.update(late._id, { attendance: 'late' as 'present' }, 'approved'),
        'bookings_attendance_check',
      )
      expect(await store.bookings.update(late._id, { attendance: 'absent' }, 'approved')).toBe(true)
      expect((await store.bookings.roster(s._id))[0]).toMatchObject({ _id: late._id, attendance: 'absent' })
      await expectCheck(store.users.insert(user('x@example.com', { name: 'n'.repeat(101) })), 'users_name_length')
      await expectCheck(
        store.notes.insert(note(STUDENT, { description: 'd'.repeat(20_001) })),
        'notes_description_length',
      )
      // The limits count characters, not bytes or UTF-16 units.
      await store.sessions.insert(session(TUTOR, { title: '🎓'.repeat(150) }))
      // A review without a rating is allowed.
      const unrated = review(s, STUDENT, { rating: undefined })
      await store.reviews.insert(unrated)
      expect(await store.reviews.get(unrated._id)).not.toHaveProperty('rating')
    })
  })

  describe('notification preferences', () => {
    it('keeps one row per user, changed in place, gone with the user, with leads the contract knows', async () => {
      await basics()
      const row = {
        email: STUDENT,
        channels: { 'booking-approved': { push: true, email: false } },
        reminderLeads: ['1h' as const],
        timeZone: 'Europe/Berlin',
      }
      await store.preferences.save(row)
      await store.preferences.save({ ...row, timeZone: null })
      expect(await store.preferences.get(STUDENT)).toEqual({ ...row, timeZone: null })
      expect([...(await store.preferences.ofUsers([STUDENT, STUDENT2])).keys()]).toEqual([STUDENT])
      await expectMissing(store.preferences.save({ ...row, email: 'nobody@example.com' }), 'user')
      await expectCheck(
        store.preferences.save({ ...row, reminderLeads: ['2h' as never] }),
        'notification_preferences_reminder_leads_check',
      )
      await store.users.deleteWithOwned((await store.users.byEmail(STUDENT))!)
      expect(await store.preferences.get(STUDENT)).toBeUndefined()
    })
  })

  describe('idempotency keys', () => {
    const key = (id: string, createdAt = at(0)) => ({
      id,
      requestHash: 'hash',
      state: 'running' as const,
      createdAt,
    })

    it('gives a key to exactly one of two claims made at once', async () => {
      const answers = await Promise.all([store.idempotency.claim(key('k')), store.idempotency.claim(key('k'))])
      expect(answers.filter((a) => a === null)).toHaveLength(1)
      expect(answers.find((a) => a !== null)).toEqual(key('k'))
    })

    it('answers a completed key with its stored answer, and forgets a released one', async () => {
      expect(await store.idempotency.claim(key('done'))).toBeNull()
      await store.idempotency.complete('done', { status: 201, body: '{"ok":true}', headers: { 'x-a': '1' } })
      const done = { ...key('done'), state: 'done', status: 201, body: '{"ok":true}', headers: { 'x-a': '1' } }
      expect(await store.idempotency.claim(key('done'))).toEqual(done)
      expect(await store.idempotency.get('done')).toEqual(done)

      expect(await store.idempotency.claim(key('failed'))).toBeNull()
      await store.idempotency.release('failed')
      expect(await store.idempotency.get('failed')).toBeUndefined()
      expect(await store.idempotency.claim(key('failed'))).toBeNull()
    })

    it('expires keys created before a time', async () => {
      await store.idempotency.claim(key('old', at(-48)))
      await store.idempotency.claim(key('older', at(-72)))
      await store.idempotency.claim(key('new', at(0)))
      expect(await store.idempotency.expire(at(-24))).toBe(2)
      expect(await store.idempotency.get('new')).toBeDefined()
      expect(await store.idempotency.expire(at(-24))).toBe(0)
    })
  })

  describe('token secret', () => {
    it('is made once, 32 random bytes, and the same for every caller', async () => {
      const racing = await Promise.all([store.meta.tokenSecret(), store.meta.tokenSecret()])
      expect(racing[0]).toBe(racing[1])
      expect(racing[0]).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(await store.meta.tokenSecret()).toBe(racing[0])
    })
  })
})
