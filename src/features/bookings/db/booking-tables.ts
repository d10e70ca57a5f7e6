// The bookings feature's kind of outbox entry: a booking's cancel that waits
// for the server (../offline/booking-cancel-outbox.ts). It has no table of its
// own; its entries live in the shared outbox, and it moves its own rows when
// the outbox's shape changes. Registered by the app at its start
// (src/app/device-tables.ts).
import type { Transaction } from 'dexie'
import type { OutboxEntry } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

/** The cancels' kind of outbox entry. */
export const CANCEL_KIND = 'booking-cancel'

/** A booking's cancel: its subject is the booking's id, and it carries nothing more. */
export type BookingCancelEntry = OutboxEntry<Record<string, never>> & { kind: typeof CANCEL_KIND }

/** Version 6 made outbox entries a kind, a subject and a payload: a cancel's subject is its booking. */
function upgradeCancelEntries(tx: Transaction): Promise<unknown> {
  return tx
    .table('outbox')
    .toCollection()
    .modify((entry: Record<string, unknown>) => {
      if (entry.kind !== CANCEL_KIND) return
      entry.subject = entry.bookingId
      entry.payload = {}
      delete entry.bookingId
    })
}

export const bookingTables: DeviceTables = {
  owner: 'bookings',
  versions: {},
  upgrades: { 6: upgradeCancelEntries },
}
