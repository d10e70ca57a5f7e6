// The app's outbox engine (docs/decisions/0062): the shared engine
// (src/shared/offline/outbox-sync.ts) with every kind of entry the app has,
// the notes' writes and the bookings' cancels, so a user's queued writes go out
// in the order they were made, whatever feature made them. Features never
// import each other; this is where their kinds meet. Loaded on demand by
// ./sync-engines.ts and ./device-data.ts, with Dexie.
import type { QueryClient } from '@tanstack/react-query'
import { bookingCancelKind, readQueuedCancels } from '#features/bookings/offline/booking-cancel-outbox'
import type { UnsentWrites } from '#features/auth/device-data'
import { unsentNoteWrites } from '#features/notes/offline/device-tables'
import { noteKind } from '#features/notes/offline/note-sync'
import { queryKeys } from '#shared/api/query-keys'
import { startOutboxSync, stopOutboxSync, subscribeOutboxSync } from '#shared/offline/outbox-sync'

let unsubscribe: (() => void) | undefined

/** Sends `email`'s outbox, now and on every trigger, until stopOutbox. */
export function startOutbox(email: string, client: QueryClient): void {
  // A cancel sent or refused changes the student's bookings, their counts and the session's seats
  // (My Notes fetches its own list again).
  unsubscribe ??= subscribeOutboxSync(() => {
    for (const queryKey of [queryKeys.bookings.all, queryKeys.stats.all, queryKeys.sessions.all])
      void client.invalidateQueries({ queryKey })
  })
  startOutboxSync(email, { note: noteKind, 'booking-cancel': bookingCancelKind })
}

export function stopOutbox(): void {
  stopOutboxSync()
}

/** What of `email`'s has not reached the server, as logging out warns of it. */
export async function unsentWrites(email: string): Promise<UnsentWrites> {
  const [notes, cancels] = await Promise.all([unsentNoteWrites(email), readQueuedCancels(email)])
  return { notes, cancels: cancels.size }
}
