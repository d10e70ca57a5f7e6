// A booking's cancel that waits for the server
// (docs/decisions/0062-one-outbox-for-notes-and-cancels.md): made offline, or sent and
// met with no answer at all, it becomes a 'booking-cancel' entry of the one outbox
// (src/shared/offline/outbox.ts) and goes out with the user's other queued writes, in
// order, under the same lock, with the Idempotency-Key it was first sent with. Until
// then the booking is not cancelled on the server, and the card says so
// (../components/cancel-control.tsx).
//
// Sending it again is safe: the same key replays the first answer for a day,
// and a cancel that finds the booking already cancelled (its first answer was
// lost, another device or an admin cancelled it) or gone counts as done. Any
// other refusal (the class has started) is kept with the server's reason and
// not sent again. Loaded on demand: Dexie stays out of the first page.
import { ApiError } from '#shared/api/api-error'
import { api } from '#shared/api/http-client'
import { appDb, type AppDb, type BookingCancelEntry } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import { dropEntry, keepRefused, neverReachedServer, type OutboxKind } from '#shared/offline/outbox'
import { requestOutboxSync } from '#shared/offline/outbox-sync'
import { isBrowserOnline } from '#shared/offline/use-online'

/** What a cancel came to: done on the server, or waiting in the outbox (for a connection, or for its Undo). */
export interface CancelOutcome {
  success: boolean
  message?: string | undefined
  /** Waiting for a connection. */
  queued?: true
  /** Waiting a few seconds for its Undo before it goes out. */
  held?: true
}

async function alreadyCancelled(email: string, bookingId: string): Promise<boolean> {
  const mine = await api('listStudentBookings', { params: { email } })
  return mine.some((b) => b._id === bookingId && b.status === 'cancelled')
}

/** Cancels on the server; a booking already cancelled, or no longer there, is what was wanted. */
async function sendCancel(email: string, bookingId: string, idempotencyKey: string): Promise<CancelOutcome> {
  try {
    return await api('cancelBooking', { params: { id: bookingId }, idempotencyKey })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 404 || (error.status === 409 && (await alreadyCancelled(email, bookingId))))
      return { success: true }
    throw error
  }
}

const cancelsOf = async (db: AppDb, email: string, bookingId: string) =>
  (await db.outbox.where('bookingId').equals(bookingId).toArray()).filter(
    (e): e is BookingCancelEntry => e.kind === 'booking-cancel' && e.email === email,
  )

/**
 * Stores the cancel to send later, not before `holdUntil` when given; a second
 * one of the same booking (two taps, two tabs) is the same cancel.
 */
export function queueCancel(
  email: string,
  bookingId: string,
  idempotencyKey: string = crypto.randomUUID(),
  db: AppDb = appDb,
  now = Date.now(),
  holdUntil?: number,
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      if ((await cancelsOf(db, email, bookingId)).length > 0) return
      await db.outbox.add({
        kind: 'booking-cancel',
        email,
        bookingId,
        idempotencyKey,
        createdAt: now,
        attempts: 0,
        ...(holdUntil === undefined ? {} : { holdUntil }),
      })
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

/** The student's cancels on this device that the server has not taken, by booking. */
export function readQueuedCancels(email: string, db: AppDb = appDb): Promise<Map<string, BookingCancelEntry>> {
  return storageRead(async () => {
    const entries = await db.outbox.where('email').equals(email).toArray()
    return new Map(entries.flatMap((e) => (e.kind === 'booking-cancel' ? [[e.bookingId, e] as const] : [])))
  })
}

export const bookingCancelKind: OutboxKind<BookingCancelEntry> = {
  subject: (entry) => entry.bookingId,
  send: (entry) => sendCancel(entry.email, entry.bookingId, entry.idempotencyKey),
  confirm: (entry, _answer, db) => dropEntry(entry, db),
  refuse: (entry, reason, db) => keepRefused(entry, reason, db),
}

/**
 * The Cancel button. With `holdMs` (the card's Undo): queued to go out once
 * that time is up, online or not, so Undo can still drop it. Otherwise sent
 * at once when online; offline, or when the request got no answer at all,
 * queued with the same key (so a request that did reach the server is
 * answered from its record when sent again).
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
  const key = crypto.randomUUID()
  if (holdMs > 0) {
    const now = Date.now()
    await queueCancel(email, id, key, appDb, now, now + holdMs)
    void requestOutboxSync(email, { 'booking-cancel': bookingCancelKind })
    return isBrowserOnline() ? { success: true, held: true } : { success: true, queued: true, held: true }
  }
  if (isBrowserOnline()) {
    try {
      return await sendCancel(email, id, key)
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetworkError)) throw error
    }
  }
  await queueCancel(email, id, key)
  void requestOutboxSync(email, { 'booking-cancel': bookingCancelKind })
  return { success: true, queued: true }
}
