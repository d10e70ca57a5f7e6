// The demo server's implementation of the storage port (server/core/store.ts)
// over its IndexedDB database (./demo-db.ts). The rules live in server/core;
// this file only keeps the port's promises with Dexie:
// - atomic writes: each multi-row write and each compare-and-set runs in one
//   read-write transaction, which IndexedDB serialises per table;
// - uniqueness: unique indexes (users' email and uid, one booking and one
//   review per student and session) make a duplicate fail with ConstraintError,
//   turned into the port's UniqueViolation;
// - files: Blobs where IndexedDB keeps them (a browser), bytes under
//   fake-indexeddb (tests), which cannot clone jsdom's Blob.
import type { Table } from 'dexie'
import type { Status } from '#contract/entities'
import { sumRatings } from '#core/endpoints/answers'
import { newSecret } from '#core/jwt'
import {
  UniqueViolation,
  type IdempotencyRow,
  type Store,
  type StoredFile,
  type UniqueRule,
  type UserRow,
} from '#core/store'
import { portSession, toStoredFile, type DemoDb, type FileRow } from './demo-db'
import { moveGeneration, whileGeneration } from './dexie-credentials'
import { dexieNotes } from './dexie-notes'
import {
  dexieDeliveries,
  dexieNotifications,
  dexiePreferences,
  dexiePushSubscriptions,
  writeNotices,
} from './dexie-notifications'
import * as q from './queries'
import { casBooking, portBooking, seatsTaken, waitlistOf, withSeatsOver } from './seat-ledger'

async function toBytes(data: Blob | ArrayBuffer): Promise<Uint8Array> {
  return new Uint8Array(data instanceof Blob ? await data.arrayBuffer() : data)
}

/** Runs an insert, turning IndexedDB's ConstraintError into the port's UniqueViolation. */
async function unique<T>(rule: UniqueRule | (() => Promise<UniqueRule>), write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const name = (error as { name?: string; inner?: { name?: string } }).name
    const inner = (error as { inner?: { name?: string } }).inner?.name
    if (name === 'ConstraintError' || inner === 'ConstraintError') {
      throw new UniqueViolation(typeof rule === 'function' ? await rule() : rule)
    }
    throw error
  }
}

export function createDexieStore(db: DemoDb): Store {
  const casUpdate = async <T extends { status: Status }>(
    table: Table<T, string>,
    id: string,
    patch: Partial<T>,
    expected: Status,
    notices?: Parameters<typeof writeNotices>[1],
  ): Promise<boolean> =>
    db.transaction('rw', [table, ...db.noticeTables], async () => {
      const row = await table.get(id)
      if (!row || row.status !== expected) return false
      await table.update(id, patch as never)
      await writeNotices(db, notices)
      return true
    })

  return {
    users: {
      get: (id) => db.users.get(id),
      byEmail: (email) => db.users.where('email').equals(email).first(),
      byUid: (uid) => db.users.where('uid').equals(uid).first(),
      insert: (row) =>
        unique(
          async () => ((await db.users.where('email').equals(row.email).count()) > 0 ? 'user.email' : 'user.uid'),
          () => db.users.add(row),
        ).then(() => undefined),
      update: async (id, patch) => {
        await db.users.update(id, patch)
      },
      setRole: async (id, role) =>
        (await moveGeneration(db, id, (user) => (user.role === 'admin' || user.role === role ? null : { role }))) !==
        undefined,
      bindVerified: (id, uid, expected) =>
        unique('user.uid', async () => {
          const binds = (user: UserRow) => (user.uid ?? null) === expected && !user.emailVerified
          // The same identity keeps its credentials; another one ends the old binding's.
          if (uid !== expected)
            return moveGeneration(db, id, (user) => (binds(user) ? { uid, emailVerified: true } : null))
          return db.transaction('rw', db.users, async () => {
            const user = await db.users.get(id)
            if (!user || !binds(user)) return undefined
            await db.users.update(id, { emailVerified: true })
            return { ...user, emailVerified: true }
          })
        }),
      endSessions: async (id, at) => (await moveGeneration(db, id, () => ({ signedOutAt: at }))) !== undefined,
      list: (search, paging) => q.listUsers(db, search, paging),
      count: () => db.users.count(),
      adminEmails: async () => (await db.users.where('role').equals('admin').toArray()).map((u) => u.email),
      owned: async (email) => {
        const [sessions, bookings, reviews, notes, materials] = await Promise.all([
          db.sessions.where('tutorEmail').equals(email).count(),
          db.bookings.where('studentEmail').equals(email).count(),
          db.reviews.where('studentEmail').equals(email).count(),
          db.notes.where('email').equals(email).count(),
          db.materials.where('tutorEmail').equals(email).count(),
        ])
        return { sessions, bookings, reviews, notes, materials }
      },
      deleteWithOwned: (user: UserRow) => q.deleteUserCascade(db, user),
    },
    sessions: {
      get: async (id) => portSession(await db.sessions.get(id)),
      getMany: (ids) => q.sessionsByIds(db, ids),
      list: (filter, paging) => q.listSessions(db, filter, paging),
      insert: async (row, notices) => {
        await db.transaction('rw', [db.sessions, ...db.noticeTables], async () => {
          await db.sessions.add(row)
          await writeNotices(db, notices)
        })
      },
      update: (id, patch, expected, notices) => casUpdate(db.sessions, id, patch, expected, notices),
      deleteWithOwned: (ids, options) => q.deleteSessionCascade(db, ids, options),
      counts: async () => {
        const [total, pending, approved, rejected] = await Promise.all([
          db.sessions.count(),
          db.sessions.where('status').equals('pending').count(),
          db.sessions.where('status').equals('approved').count(),
          db.sessions.where('status').equals('rejected').count(),
        ])
        return { total, pending, approved, rejected }
      },
      idsOfTutor: async (email) => (await db.sessions.where('tutorEmail').equals(email).primaryKeys()) as string[],
    },
    bookings: {
      get: async (id) => portBooking(await db.bookings.get(id)),
      of: async (studentEmail, sessionId) => portBooking(await q.bookingOf(db, studentEmail, sessionId)),
      list: async (status, paging) => {
        const listed = await q.listBookings(db, status, paging)
        return { ...listed, rows: listed.rows.map((row) => portBooking(row)) }
      },
      ofStudent: async (email) =>
        (await db.bookings.where('studentEmail').equals(email).toArray())
          .sort(q.byNewest('bookedAt'))
          .map((row) => portBooking(row)),
      ofTutor: async (email) =>
        (await db.bookings.where('tutorEmail').equals(email).toArray()).map((row) => portBooking(row)),
      ofSession: async (sessionId) =>
        (await db.bookings.where('sessionId').equals(sessionId).toArray())
          .sort(q.byNewest('bookedAt'))
          .map((row) => portBooking(row)),
      startingBetween: (from, to) => q.bookingsStartingBetween(db, from, to),
      insert: (row) => unique('booking.student-session', () => db.bookings.add(row)).then(() => undefined),
      update: (id, patch, expected) =>
        unique('booking.student-session', () =>
          db.transaction('rw', db.bookings, () => casBooking(db, id, patch, expected)),
        ),
      delete: (id, expected) =>
        db.transaction('rw', db.bookings, async () => {
          const row = await db.bookings.get(id)
          if (!row || row.status !== expected) return false
          await db.bookings.delete(id)
          return true
        }),
      countOfStudent: async (email) =>
        (await db.bookings.where('studentEmail').equals(email).toArray()).filter((b) => b.status !== 'cancelled')
          .length,
      withSeats: (sessionId, work) => unique('booking.student-session', () => withSeatsOver(db)(sessionId, work)),
      seatsTaken: async (sessionIds) => {
        const counts = await Promise.all(sessionIds.map((id) => seatsTaken(db, id)))
        return new Map(sessionIds.map((id, i) => [id, counts[i]!]))
      },
      waitlist: async (sessionId) => (await waitlistOf(db, sessionId)).map((b) => b._id),
    },
    calendarFeeds: {
      tokenOf: async (email) => (await db.calendarFeeds.get(email))?.token,
      emailOf: async (token) => (await db.calendarFeeds.where('token').equals(token).first())?.email,
      replace: (email, token, createdAt, generation) =>
        unique('calendar-feed.token', () =>
          whileGeneration(db, email, generation, db.calendarFeeds, () =>
            db.calendarFeeds.put({ email, token, createdAt }),
          ),
        ),
      remove: async (email) =>
        db.transaction('rw', db.calendarFeeds, async () => {
          const had = (await db.calendarFeeds.get(email)) !== undefined
          await db.calendarFeeds.delete(email)
          return had
        }),
    },
    reviews: {
      get: (id) => db.reviews.get(id),
      of: (studentEmail, sessionId) => q.reviewOf(db, studentEmail, sessionId),
      ofSession: async (sessionId) =>
        (await db.reviews.where('sessionId').equals(sessionId).toArray()).sort(q.byNewest('createdAt')),
      ratings: async (sessionIds) => sumRatings(await q.reviewsOfSessions(db, sessionIds)),
      list: (paging) => q.listReviews(db, paging),
      insert: (row) => unique('review.student-session', () => db.reviews.add(row)).then(() => undefined),
      delete: async (id) => {
        const had = (await db.reviews.where(':id').equals(id).count()) > 0
        await db.reviews.delete(id)
        return had
      },
      countOfStudent: (email) => db.reviews.where('studentEmail').equals(email).count(),
    },
    notes: dexieNotes(db, (row) => unique('note.id', () => db.notes.add(row)).then(() => undefined)),
    materials: {
      get: (id) => db.materials.get(id),
      list: (paging) => q.listMaterials(db, paging),
      byStatus: async (status) =>
        (await db.materials.where('status').equals(status).toArray()).sort(q.byNewest('createdAt')),
      ofTutor: async (email) =>
        (await db.materials.where('tutorEmail').equals(email).toArray()).sort(q.byNewest('createdAt')),
      ofSessions: async (ids) =>
        ids.length === 0
          ? []
          : (
              await db.materials
                .where('sessionId')
                .anyOf([...ids])
                .toArray()
            ).sort(q.byNewest('createdAt')),
      insertWithFile: async (row, file: StoredFile | null, notices) => {
        const stored: FileRow | null = file && { ...file, data: toStoredFile(file.data) }
        await db.transaction('rw', [db.materials, db.files, ...db.noticeTables], async () => {
          if (stored) await db.files.add(stored)
          await db.materials.add(row)
          await writeNotices(db, notices)
        })
      },
      setStatus: (id, status, expected, notices) => casUpdate(db.materials, id, { status }, expected, notices),
      deleteWithFile: (id) =>
        db.transaction('rw', db.materials, db.files, async () => {
          const row = await db.materials.get(id)
          if (!row) return false
          await db.materials.delete(id)
          if (row.fileId) await db.files.delete(row.fileId)
          return true
        }),
      count: () => db.materials.count(),
      countOfTutor: (email) => db.materials.where('tutorEmail').equals(email).count(),
    },
    files: {
      get: async (id) => {
        const row = await db.files.get(id)
        if (!row) return undefined
        // A browser's IndexedDB hands back the Blob itself: no copy of a large file.
        return { ...row, data: row.data instanceof Blob ? row.data : await toBytes(row.data) }
      },
    },
    notifications: dexieNotifications(db),
    pushSubscriptions: dexiePushSubscriptions(db),
    preferences: dexiePreferences(db),
    deliveries: dexieDeliveries(db),
    idempotency: {
      claim: (row: IdempotencyRow) =>
        db.transaction('rw', db.idempotency, async () => {
          const existing = await db.idempotency.get(row.id)
          if (existing) return existing
          await db.idempotency.add(row)
          return null
        }),
      get: (id) => db.idempotency.get(id),
      complete: async (id, answer) => {
        await db.idempotency.update(id, { ...answer, state: 'done' })
      },
      release: async (id) => {
        await db.idempotency.delete(id)
      },
      expire: (before) => db.idempotency.where('createdAt').below(before).delete(),
    },
    meta: {
      tokenSecret: async () => {
        const existing = (await db.meta.get('secret'))?.value
        if (typeof existing === 'string') return existing
        // Two first requests may race: the first write wins, both read it back.
        const fresh = newSecret()
        await db.transaction('rw', db.meta, async () => {
          if (!(await db.meta.get('secret'))) await db.meta.put({ key: 'secret', value: fresh })
        })
        return (await db.meta.get('secret'))!.value as string
      },
    },
  }
}
