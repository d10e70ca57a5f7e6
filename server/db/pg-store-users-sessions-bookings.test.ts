// @vitest-environment node
// The Store's users, sessions and bookings, over PGlite (always) and over a
// real PostgreSQL (when TEST_DATABASE_URL names one): reading back what was
// written, binding and roles, changes only from the expected status, and
// lists newest first, by page, with their totals (./pg-store-fixtures.ts).
import { describe, expect, it } from 'vitest'
import {
  at,
  booking,
  describeOnEachTarget,
  expectUnique,
  session,
  STUDENT,
  STUDENT2,
  TUTOR,
  TUTOR2,
  user,
} from './pg-store-fixtures'

describeOnEachTarget(({ database, store, basics }) => {
  describe('users', () => {
    it('reads back what was written, without absent optional fields', async () => {
      const plain = user('a@example.com', { created_at: '2026-01-02T03:04:05.678+02:00' })
      await store.users.insert(plain)
      expect(await store.users.get(plain._id)).toEqual({ ...plain, created_at: '2026-01-02T01:04:05.678Z' })
      expect(Object.keys((await store.users.byEmail('a@example.com'))!)).not.toContain('uid')

      const bound = user('b@example.com', { uid: 'uid-b' })
      await store.users.insert(bound)
      expect(await store.users.byUid('uid-b')).toEqual(bound)
      expect(await store.users.get('missing')).toBeUndefined()
    })

    it('refuses a second user with an email or a provider uid', async () => {
      await store.users.insert(user('a@example.com', { uid: 'uid-a' }))
      await expectUnique(store.users.insert(user('a@example.com')), 'user.email')
      await expectUnique(store.users.insert(user('c@example.com', { uid: 'uid-a' })), 'user.uid')
      expect(await store.users.count()).toBe(1)
    })

    it('binds a verified uid to an unbound or unverified record only, and never one another user has', async () => {
      const a = user('a@example.com')
      const b = user('b@example.com', { uid: 'uid-b' })
      const typed = user('t@example.com', { uid: 'uid-typed', emailVerified: false })
      await store.users.insert(a)
      await store.users.insert(b)
      await store.users.insert(typed)
      await expectUnique(store.users.bindVerified(a._id, 'uid-b', null), 'user.uid')
      expect(await store.users.bindVerified(a._id, 'uid-a', null)).toMatchObject({ uid: 'uid-a', emailVerified: true })
      expect(await store.users.bindVerified(a._id, 'uid-other', 'uid-a')).toBeUndefined()
      expect(await store.users.get(a._id)).toMatchObject({ uid: 'uid-a', emailVerified: true })
      // An unverified binding gives way, once, and only while it is still the one expected.
      expect(await store.users.bindVerified(typed._id, 'uid-owner', 'uid-someone-else')).toBeUndefined()
      expect(await store.users.bindVerified(typed._id, 'uid-owner', 'uid-typed')).toEqual(
        await store.users.get(typed._id),
      )
      expect(await store.users.bindVerified(typed._id, 'uid-third', 'uid-owner')).toBeUndefined()
      expect(await store.users.get(typed._id)).toMatchObject({ uid: 'uid-owner', emailVerified: true })
    })

    it('moves the credential generation with another binding, a role change or a sign-out everywhere, with what it made', async () => {
      const typed = user('t@example.com', { uid: 'uid-typed' })
      await store.users.insert(typed)
      const generation = async () => (await store.users.get(typed._id))!.credentialGeneration ?? 0
      const subscription = (endpoint: string) => ({
        endpoint,
        email: typed.email,
        p256dh: 'k',
        auth: 'a',
        createdAt: at(1),
      })
      const made = async (under: number) => {
        expect(await store.calendarFeeds.replace(typed.email, `feed${under}`, at(1), under)).toBe(true)
        expect(await store.pushSubscriptions.save(subscription(`https://push.example/${under}`), under, 10)).toBe(true)
      }
      const gone = async () => {
        expect(await store.calendarFeeds.tokenOf(typed.email)).toBeUndefined()
        expect(await store.pushSubscriptions.ofUsers([typed.email])).toEqual([])
      }
      await made(0)
      // The same identity, verified since: its credentials stay.
      await store.users.bindVerified(typed._id, 'uid-typed', 'uid-typed')
      expect(await generation()).toBe(0)
      expect(await store.calendarFeeds.tokenOf(typed.email)).toBe('feed0')

      const other = user('o@example.com', { uid: 'uid-other-typed' })
      await store.users.insert(other)
      await store.calendarFeeds.replace(other.email, 'feed-other', at(1), 0)
      expect((await store.users.bindVerified(other._id, 'uid-owner', 'uid-other-typed'))?.credentialGeneration).toBe(1)
      expect(await store.calendarFeeds.emailOf('feed-other')).toBeUndefined()

      expect(await store.users.setRole(typed._id, 'tutor')).toBe(true)
      expect(await generation()).toBe(1)
      await gone()
      // A feed or subscription asked for under the ended generation is not written.
      expect(await store.calendarFeeds.replace(typed.email, 'late', at(2), 0)).toBe(false)
      expect(await store.pushSubscriptions.save(subscription('https://push.example/late'), 0, 10)).toBe(false)
      await gone()

      await made(1)
      expect(await store.users.endSessions(typed._id, at(3))).toBe(true)
      expect(await store.users.get(typed._id)).toMatchObject({ credentialGeneration: 2, signedOutAt: at(3) })
      await gone()
      expect(await store.users.endSessions('missing', at(3))).toBe(false)
      // A role that does not change moves nothing.
      await made(2)
      expect(await store.users.setRole(typed._id, 'tutor')).toBe(false)
      expect(await generation()).toBe(2)
      expect(await store.calendarFeeds.tokenOf(typed.email)).toBe('feed2')
    })

    it('changes a role unless the user is an admin or already has it', async () => {
      const admin = user('admin@example.com', { role: 'admin' })
      const student = user('s@example.com')
      await store.users.insert(admin)
      await store.users.insert(student)
      expect(await store.users.setRole(admin._id, 'student')).toBe(false)
      expect(await store.users.setRole(student._id, 'student')).toBe(false)
      expect(await store.users.setRole(student._id, 'tutor')).toBe(true)
      expect((await store.users.get(student._id))!.role).toBe('tutor')
      expect((await store.users.get(admin._id))!.role).toBe('admin')
    })

    it('updates name, photo and last sign-in', async () => {
      const a = user('a@example.com')
      await store.users.insert(a)
      await store.users.update(a._id, { name: 'Ada', last_log_in: at(10) })
      await store.users.update(a._id, {})
      expect(await store.users.get(a._id)).toEqual({ ...a, name: 'Ada', last_log_in: at(10) })
    })

    it('lists newest first, searches name or email case-insensitively, with wildcards taken literally', async () => {
      const rows = [
        user('ann@example.com', { name: 'Ann Lee', created_at: at(1) }),
        user('bob@example.com', { name: 'Bob 100%', created_at: at(2) }),
        user('carl_x@example.com', { name: 'Carl', created_at: at(3) }),
        user('dora@sample.org', { name: 'Dora ANN', created_at: at(4) }),
      ]
      for (const r of rows) await store.users.insert(r)

      const all = await store.users.list(undefined, null)
      expect(all.rows.map((u) => u.email)).toEqual([
        'dora@sample.org',
        'carl_x@example.com',
        'bob@example.com',
        'ann@example.com',
      ])
      expect(all.total).toBeUndefined()
      expect((await store.users.list('  ann ', null)).rows.map((u) => u.name)).toEqual(['Dora ANN', 'Ann Lee'])
      expect((await store.users.list('%', null)).rows.map((u) => u.name)).toEqual(['Bob 100%'])
      expect((await store.users.list('_', null)).rows.map((u) => u.name)).toEqual(['Carl'])
      expect((await store.users.list('SAMPLE', null)).rows.map((u) => u.name)).toEqual(['Dora ANN'])
      expect(await store.users.list('example', { page: 2, limit: 2 })).toEqual({
        rows: [rows[0]],
        total: 3,
      })
      expect((await store.users.list('', { page: 1, limit: 3 })).total).toBe(4)
    })
  })

  describe('sessions', () => {
    it('changes a session only while it has the expected status', async () => {
      const { s } = await basics()
      const pending = session(TUTOR, { status: 'pending' })
      await store.sessions.insert(pending)

      const approvals = await Promise.all([
        store.sessions.update(pending._id, { status: 'approved', registrationFee: 20 }, 'pending'),
        store.sessions.update(pending._id, { status: 'rejected' }, 'pending'),
      ])
      expect(approvals.filter(Boolean)).toHaveLength(1)
      const decided = (await store.sessions.get(pending._id))!
      expect(['approved', 'rejected']).toContain(decided.status)

      expect(await store.sessions.update(s._id, { status: 'approved' }, 'rejected')).toBe(false)
      expect(await store.sessions.update(s._id, { title: 'Renamed' }, 'approved')).toBe(true)
      expect(await store.sessions.update(s._id, {}, 'approved')).toBe(true)
      expect(await store.sessions.update('missing', { title: 'x' }, 'approved')).toBe(false)
      expect(await store.sessions.get(s._id)).toEqual({ ...s, title: 'Renamed' })
    })

    it('lists newest first by status or tutor, a page with its total', async () => {
      await basics()
      await store.users.insert(user(TUTOR2, { role: 'tutor' }))
      await database.truncateAll()
      await store.users.insert(user(TUTOR, { role: 'tutor' }))
      await store.users.insert(user(TUTOR2, { role: 'tutor' }))
      const statuses = ['approved', 'pending', 'rejected'] as const
      const rows = Array.from({ length: 12 }, (_, i) =>
        session(i % 2 ? TUTOR2 : TUTOR, { status: statuses[i % 3]!, createdAt: at(i) }),
      )
      // Two sessions created in the same millisecond still have one order: by id.
      const twin = session(TUTOR, { status: 'approved', createdAt: at(11) })
      for (const r of [...rows, twin]) await store.sessions.insert(r)
      const newest = [...rows, twin].sort((a, b) =>
        a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      )

      const all = await store.sessions.list({}, null)
      expect(all.rows.map((r) => r._id)).toEqual(newest.map((r) => r._id))

      const approved = newest.filter((r) => r.status === 'approved')
      expect(await store.sessions.list({ status: 'approved' }, { page: 1, limit: 3 })).toEqual({
        rows: approved.slice(0, 3),
        total: approved.length,
      })
      expect(await store.sessions.list({ status: 'approved' }, { page: 2, limit: 3 })).toEqual({
        rows: approved.slice(3, 6),
        total: approved.length,
      })
      expect(await store.sessions.list({ status: 'approved' }, { page: 9, limit: 3 })).toEqual({
        rows: [],
        total: approved.length,
      })

      const ofTutor2 = newest.filter((r) => r.tutorEmail === TUTOR2)
      expect((await store.sessions.list({ tutorEmail: TUTOR2 }, null)).rows).toEqual(ofTutor2)
      const pendingOfTutor2 = ofTutor2.filter((r) => r.status === 'pending')
      expect(await store.sessions.list({ tutorEmail: TUTOR2, status: 'pending' }, { page: 1, limit: 10 })).toEqual({
        rows: pendingOfTutor2,
        total: pendingOfTutor2.length,
      })
      expect(await store.sessions.idsOfTutor(TUTOR2)).toEqual(ofTutor2.map((r) => r._id))

      expect(await store.sessions.counts()).toEqual({ total: 13, approved: 5, pending: 4, rejected: 4 })
      const some = await store.sessions.getMany([rows[0]!._id, rows[1]!._id, rows[0]!._id, 'missing'])
      expect([...some.keys()].sort()).toEqual([rows[0]!._id, rows[1]!._id].sort())
      expect(some.get(rows[1]!._id)).toEqual(rows[1])
      expect((await store.sessions.getMany([])).size).toBe(0)
    })
  })

  describe('bookings', () => {
    it('approves, rejects and deletes only from the expected status', async () => {
      const { s } = await basics()
      const b = booking(s, STUDENT)
      await store.bookings.insert(b)
      expect(await store.bookings.delete(b._id, 'approved')).toBe(false)
      expect(await store.bookings.update(b._id, { status: 'approved' }, 'pending')).toBe(true)
      expect(await store.bookings.update(b._id, { status: 'rejected' }, 'pending')).toBe(false)
      expect(await store.bookings.of(STUDENT, s._id)).toEqual({ ...b, status: 'approved' })
      expect(await store.bookings.delete(b._id, 'approved')).toBe(true)
      expect(await store.bookings.get(b._id)).toBeUndefined()
    })

    it("reads a seat ledger's facts after the lock, and again after each of its writes", async () => {
      const { s } = await basics()
      const line = [
        booking(s, STUDENT, { status: 'waitlisted', waitlistSeq: 2 }),
        booking(s, STUDENT2, { status: 'waitlisted', waitlistSeq: 5 }),
        booking(s, 'third@example.com', { status: 'pending' }),
      ]
      for (const email of ['third@example.com', 'fourth@example.com']) await store.users.insert(user(email))
      for (const b of line) await store.bookings.insert(b)
      const seen = await store.bookings.withSeats(s._id, async (ledger) => {
        // The student asked about is also first in line: one row, both answers.
        const first = [await ledger.activeOf(STUDENT), await ledger.firstWaiting()]
        const second = await ledger.activeOf(STUDENT2)
        const counts = [await ledger.holding(), await ledger.waiting(), await ledger.nextWaitlistSeq()]
        expect(await ledger.updateBooking(line[0]!._id, { status: 'pending' }, 'waitlisted')).toBe(true)
        const after = [await ledger.holding(), await ledger.waiting(), (await ledger.firstWaiting())?._id]
        await ledger.insertBooking(booking(s, 'fourth@example.com', { status: 'waitlisted', waitlistSeq: 6 }))
        return {
          first,
          second,
          counts,
          after,
          next: await ledger.nextWaitlistSeq(),
          nobody: await ledger.activeOf('x@y.z'),
        }
      })
      expect(seen).toEqual({
        first: [line[0], line[0]],
        second: line[1],
        counts: [1, 2, 6],
        after: [2, 1, line[1]!._id],
        next: 7,
        nobody: undefined,
      })
      // Nobody waiting, nothing held: the facts alone.
      const other = session(TUTOR)
      await store.sessions.insert(other)
      expect(
        await store.bookings.withSeats(other._id, async (ledger) => [
          await ledger.firstWaiting(),
          await ledger.holding(),
          await ledger.waiting(),
          await ledger.nextWaitlistSeq(),
          await ledger.activeOf(STUDENT),
        ]),
      ).toEqual([undefined, 0, 0, 1, undefined])
    })

    it('lists newest first, by status, student and tutor', async () => {
      const { s } = await basics()
      const other = session(TUTOR)
      await store.sessions.insert(other)
      const rows = [
        booking(s, STUDENT, { bookedAt: at(1), status: 'approved' }),
        booking(other, STUDENT, { bookedAt: at(3) }),
        booking(s, STUDENT2, { bookedAt: at(2) }),
      ]
      for (const r of rows) await store.bookings.insert(r)
      expect(await store.bookings.list(undefined, { page: 1, limit: 2 })).toEqual({
        rows: [rows[1], rows[2]],
        total: 3,
      })
      expect((await store.bookings.list('pending', null)).rows).toEqual([rows[1], rows[2]])
      expect(await store.bookings.ofStudent(STUDENT)).toEqual([rows[1], rows[0]])
      expect(await store.bookings.ofTutor(TUTOR)).toEqual([rows[1], rows[2], rows[0]])
      expect(await store.bookings.countOfStudent(STUDENT)).toBe(2)
    })
  })
})
