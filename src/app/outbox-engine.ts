// The app's outbox engine
// (docs/decisions/0062-one-outbox-for-notes-and-cancels.md): the shared engine
// (src/shared/offline/outbox-sync.ts) with every kind of entry the app has, the
// notes' writes, the bookings' cancels and the tutors' attendance marks, so a user's queued writes go out in
// the order they were made, whatever feature made them. Features never import
// each other; this is where their kinds meet. Loaded on demand by
// ./sync-engines.ts and ./device-data.ts, with Dexie; so is the question a log
// out asks about what is still unsent.
import type { QueryClient } from '@tanstack/react-query'
import { CANCEL_KIND } from '#features/bookings/db/booking-tables'
import { bookingCancelKind, isCancelEntry } from '#features/bookings/offline/booking-cancel-outbox'
import { NOTE_KIND } from '#features/notes/db/note-tables'
import { unsentCount } from '#features/notes/offline/note-outbox'
import { noteKind } from '#features/notes/offline/note-sync'
import { ATTENDANCE_KIND } from '#features/roster/db/roster-tables'
import { attendanceKind, isAttendanceEntry } from '#features/roster/offline/attendance-outbox'
import { queryKeys } from '#shared/api/query-keys'
import { readQueued } from '#shared/offline/outbox'
import { startOutboxSync, stopOutboxSync, subscribeOutboxSync } from '#shared/offline/outbox-sync'

/** Every kind of queued write the app has, each from the feature that makes it. */
const KINDS = { [NOTE_KIND]: noteKind, [CANCEL_KIND]: bookingCancelKind, [ATTENDANCE_KIND]: attendanceKind }

let unsubscribe: (() => void) | undefined

/** Sends `email`'s outbox, now and on every trigger, until stopOutbox. */
export function startOutbox(email: string, client: QueryClient): void {
  // A cancel or a mark sent or refused changes the bookings (the roster too), their counts and the session's seats
  // (My Notes fetches its own list again).
  unsubscribe ??= subscribeOutboxSync(() => {
    for (const queryKey of [queryKeys.bookings.all, queryKeys.stats.all, queryKeys.sessions.all])
      void client.invalidateQueries({ queryKey })
  })
  startOutboxSync(email, KINDS)
}

export function stopOutbox(): void {
  stopOutboxSync()
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`

/**
 * The question before a log out that would drop `email`'s unsent writes
 * (docs/product.md#messages); null when everything was sent. Here, not in the
 * auth feature: only the app knows what each feature keeps unsent, and this
 * module is loaded on demand, not with the first page.
 */
export async function unsentWarning(email: string): Promise<{ title: string; text: string } | null> {
  const [notes, queued] = await Promise.all([unsentCount(email), readQueued(email)])
  const cancels = queued.filter(isCancelEntry).length
  const marks = queued.filter(isAttendanceEntry).length
  if (notes + cancels + marks === 0) return null
  const one = notes + cancels + marks === 1
  const what = [
    notes && count(notes, 'note change'),
    cancels && count(cancels, 'booking cancel'),
    marks && count(marks, 'attendance mark'),
  ].filter(Boolean)
  const only =
    notes + cancels === 0
      ? 'attendance marks'
      : notes + marks === 0
        ? 'cancels'
        : cancels + marks === 0
          ? 'notes'
          : 'changes'
  return {
    title: `Log out with unsent ${only}?`,
    text: `${what.join(' and ')} ${one ? 'has' : 'have'} not reached the server yet. Logging out deletes ${one ? 'it' : 'them'} from this device${cancels > 0 ? ', and a booking whose cancel was not sent stays booked' : ''}.`,
  }
}
