// A tutor's attendance mark goes through the one outbox (docs/decisions/0062):
// an 'attendance-mark' entry whose subject is the booking, sent in order with
// the user's other queued writes, with its own Idempotency-Key. Online it is
// sent at once; offline, or when no answer comes, it waits on the device and
// the roster shows it as waiting to sync. A second mark of the same booking
// before the first went out replaces it; after, it is queued behind it, so the
// server ends with the last one. A 404 (the booking is gone) leaves nothing to
// mark; any other refusal is kept with the server's reason until the tutor
// marks again. Loaded on demand: Dexie stays out of the first page.
import type { Attendance } from '#contract/entities'
import { api } from '#shared/api/http-client'
import { appDb, type AppDb, type OutboxEntry } from '#shared/db/app-db'
import { storageWrite } from '#shared/db/storage-faults'
import { dropEntry, entriesOfSubject, keepRefused, neverReachedServer, type OutboxKind } from '#shared/offline/outbox'
import { requestOutboxSync } from '#shared/offline/outbox-sync'
import { isBrowserOnline } from '#shared/offline/use-online'
import { ATTENDANCE_KIND, type AttendanceEntry } from '../db/roster-tables'

export const isAttendanceEntry = (entry: OutboxEntry): entry is AttendanceEntry => entry.kind === ATTENDANCE_KIND

const marksOf = (db: AppDb, email: string, bookingId: string) =>
  entriesOfSubject(db, isAttendanceEntry, ATTENDANCE_KIND, bookingId, email)

/**
 * Stores the mark to send. Marks of the booking that certainly never reached
 * the server (unsent, or refused) give way to it: only the last one matters.
 */
export function queueMark(
  email: string,
  bookingId: string,
  attendance: Attendance,
  db: AppDb = appDb,
  now = Date.now(),
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      const replaced = (await marksOf(db, email, bookingId)).filter(neverReachedServer)
      await db.outbox.bulkDelete(replaced.map((e) => e.seq!))
      const entry: AttendanceEntry = {
        kind: ATTENDANCE_KIND,
        subject: bookingId,
        payload: { attendance },
        email,
        idempotencyKey: crypto.randomUUID(),
        createdAt: now,
        attempts: 0,
      }
      await db.outbox.add(entry)
    }),
  )
}

/** The user's marks the server has not taken, by booking: the last one of each (from the outbox query's entries). */
export function marksByBooking(entries: OutboxEntry[]): Map<string, AttendanceEntry> {
  return new Map(entries.filter(isAttendanceEntry).map((entry) => [entry.subject, entry]))
}

export const attendanceKind: OutboxKind<AttendanceEntry> = {
  send: (entry) =>
    api('markAttendance', {
      params: { id: entry.subject },
      body: entry.payload,
      idempotencyKey: entry.idempotencyKey,
    }),
  // The booking is gone: there is no one left to mark.
  settle: async (entry, error, db) => {
    if (error.status !== 404) return undefined
    await dropEntry(entry, db)
    return 'sent'
  },
  confirm: (entry, _answer, db) => dropEntry(entry, db),
  refuse: (entry, reason, db) => keepRefused(entry, reason, db),
}

/** What a mark came to: taken by the server, or waiting on the device for a connection. */
export interface MarkOutcome {
  queued?: true
}

/**
 * The Present and Absent buttons: the mark is queued, and sent at once while
 * online with the user's other queued writes. A refusal is the screen's to
 * show (and leaves nothing queued); no answer leaves it waiting.
 */
export async function markOrQueue({
  bookingId,
  email,
  attendance,
}: {
  bookingId: string
  email: string
  attendance: Attendance
}): Promise<MarkOutcome> {
  await queueMark(email, bookingId, attendance)
  const sending = requestOutboxSync(email, { [ATTENDANCE_KIND]: attendanceKind })
  if (!isBrowserOnline()) {
    void sending
    return { queued: true }
  }
  await sending
  const left = (await marksOf(appDb, email, bookingId)).at(-1)
  if (!left) return {}
  if (left.error === undefined) return { queued: true }
  await dropEntry(left)
  // The server's reason, for the screen.
  throw new Error(left.error)
}
