// A booking's cancel goes through the one outbox (docs/decisions/0062): a
// 'booking-cancel' entry whose subject is the booking
// (src/shared/offline/outbox.ts), sent in order with the user's other queued
// writes, under the same lock, with its own Idempotency-Key. Online it is sent
// at once; offline, or when the server gives no answer or asks to be asked
// later, it waits. Until the server takes it the booking is not cancelled, and
// the card says so (../components/cancel-control.tsx).
//
// Every answer is settled by the engine (src/shared/offline/outbox-sync.ts),
// the same way online and offline: a 2xx is done, and the server answers a
// cancel of a booking of one's own that is cancelled already (its first
// answer was lost, another device or an admin cancelled it) with a 2xx too;
// a 404 (the booking is gone) is what was wanted. Any other refusal (the class
// has started) is kept with the server's reason and not sent again. Loaded on
// demand: Dexie stays out of the first page.
import { appDb, type AppDb, type OutboxEntry } from '#shared/db/app-db'
import { storageWrite } from '#shared/db/storage-faults'
import { dropEntry, entriesOfSubject, keepRefused, neverReachedServer, type OutboxKind } from '#shared/offline/outbox'
import { api } from '#shared/api/http-client'
import { requestOutboxSync } from '#shared/offline/outbox-sync'
import { isBrowserOnline } from '#shared/offline/use-online'
import { CANCEL_KIND, type BookingCancelEntry } from '../db/booking-tables'

/** What a cancel came to: done on the server, or waiting in the outbox (for a connection, or for its Undo). */
export interface CancelOutcome {
  success: boolean
  message?: string | undefined
  /** Waiting for a connection. */
  queued?: true
  /** Waiting a few seconds for its Undo before it goes out. */
  held?: true
}

export const isCancelEntry = (entry: OutboxEntry): entry is BookingCancelEntry => entry.kind === CANCEL_KIND

const cancelsOf = (db: AppDb, email: string, bookingId: string) =>
  entriesOfSubject(db, isCancelEntry, CANCEL_KIND, bookingId, email)

/**
 * Stores the cancel to send, not before `holdUntil` when given (its Undo's
 * time); a second one of the same booking (two taps, two tabs) is the same cancel.
 */
export function queueCancel(
  email: string,
  bookingId: string,
  db: AppDb = appDb,
  now = Date.now(),
  holdUntil?: number,
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      if ((await cancelsOf(db, email, bookingId)).length > 0) return
      const entry: BookingCancelEntry = {
        kind: CANCEL_KIND,
        subject: bookingId,
        payload: {},
        email,
        idempotencyKey: crypto.randomUUID(),
        createdAt: now,
        attempts: 0,
        ...(holdUntil === undefined ? {} : { holdUntil }),
      }
      await db.outbox.add(entry)
    }),
  )
}

/**
 * The student takes back a cancel the server has not taken: one never sent
 * (undo), or one it refused (dismiss). False, and kept, when it was sent and
 * no answer came: it may have reached the server, so it goes out again.
 */
export function dropCancel(email: string, bookingId: string, db: AppDb = appDb): Promise<boolean> {
  return storageWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      const entries = await cancelsOf(db, email, bookingId)
      if (!entries.every(neverReachedServer)) return false
      await db.outbox.bulkDelete(entries.map((e) => e.seq!))
      return true
    }),
  )
}

/** The user's cancels that the server has not taken, by booking (from the outbox query's entries). */
export function cancelsByBooking(entries: OutboxEntry[]): Map<string, BookingCancelEntry> {
  return new Map(entries.filter(isCancelEntry).map((entry) => [entry.subject, entry]))
}

export const bookingCancelKind: OutboxKind<BookingCancelEntry> = {
  send: (entry) => api('cancelBooking', { params: { id: entry.subject }, idempotencyKey: entry.idempotencyKey }),
  // The booking is gone: nothing is left to cancel, which is what was wanted.
  settle: async (entry, error, db) => {
    if (error.status !== 404) return undefined
    await dropEntry(entry, db)
    return 'sent'
  },
  confirm: (entry, _answer, db) => dropEntry(entry, db),
  refuse: (entry, reason, db) => keepRefused(entry, reason, db),
}

/**
 * The Cancel button: the cancel is queued. With `holdMs` (the card's Undo) it
 * goes out once that time is up, online or not, so Undo can still drop it.
 * Otherwise, while online, it is sent at once with the user's other queued
 * writes, settled by the engine like every entry. A refusal is the button's to
 * show (and leaves nothing queued); no answer, or one asking to try later,
 * leaves it waiting on the device.
 */
export async function cancelOrQueue({
  id,
  email,
  holdMs = 0,
}: {
  id: string
  email: string
  holdMs?: number
}): Promise<CancelOutcome> {
  if (holdMs > 0) {
    const now = Date.now()
    await queueCancel(email, id, appDb, now, now + holdMs)
    void requestOutboxSync(email, { [CANCEL_KIND]: bookingCancelKind })
    return isBrowserOnline() ? { success: true, held: true } : { success: true, queued: true, held: true }
  }
  await queueCancel(email, id)
  const sending = requestOutboxSync(email, { [CANCEL_KIND]: bookingCancelKind })
  if (!isBrowserOnline()) {
    void sending
    return { success: true, queued: true }
  }
  await sending
  const [left] = await cancelsOf(appDb, email, id)
  if (!left) return { success: true }
  if (left.error === undefined) return { success: true, queued: true }
  await dropCancel(email, id)
  // The server's reason, for the screen.
  throw new Error(left.error)
}
