// The student's cancels waiting on this device, live: a cancel queued, sent,
// refused or taken back (in this tab, another tab, or by the sync engine)
// renders the screen again. Reads only; the writes are in ../offline/booking-cancel-outbox.ts.
import { useLiveQuery } from 'dexie-react-hooks'
import type { BookingCancelEntry } from '#shared/db/app-db'
import { readQueuedCancels } from '../offline/booking-cancel-outbox'

/** By booking id; undefined until the first read has answered. */
export function useQueuedCancels(email: string): Map<string, BookingCancelEntry> | undefined {
  return useLiveQuery(() => readQueuedCancels(email), [email])
}
