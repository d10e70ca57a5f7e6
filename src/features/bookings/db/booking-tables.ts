// The bookings feature's kind of outbox entry: a booking's cancel that waits
// for the server (../offline/booking-cancel-outbox.ts). It has no table of its
// own; its entries live in the shared outbox, and it says how builds before
// the outbox's present shape stored them. Registered by the app at its start
// (src/app/device-tables.ts).
import type { OutboxEntry } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

/** The cancels' kind of outbox entry. */
export const CANCEL_KIND = 'booking-cancel'

/** A booking's cancel: its subject is the booking's id, and it carries nothing more. */
export type BookingCancelEntry = OutboxEntry<Record<string, never>> & { kind: typeof CANCEL_KIND }

export const bookingTables: DeviceTables = {
  versions: {},
  // Before version 6 a cancel named its booking in `bookingId`.
  outboxKindsBefore6: [{ kind: CANCEL_KIND, subjectField: 'bookingId' }],
}
