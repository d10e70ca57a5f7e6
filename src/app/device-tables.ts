// Every feature's tables in the app database, registered before anything can
// open it (src/shared/db/device-tables.ts): the app's start imports this
// module first (./start.tsx), as do the unit tests' setup. Each feature
// declares its own tables, the types of their rows and the upgrades of its
// rows; the app only lists them, as it lists the outbox's kinds
// (./outbox-engine.ts). The declarations are plain data and a few small
// upgrade functions: the storage library itself stays out of the first load.
import { bookingTables } from '#features/bookings/db/booking-tables'
import { materialTables } from '#features/materials/db/material-tables'
import { noteTables } from '#features/notes/db/note-tables'
import { reviewTables } from '#features/reviews/db/review-tables'
import { sessionTables } from '#features/sessions/db/session-tables'
import { registerDeviceTables } from '#shared/db/device-tables'

for (const tables of [sessionTables, reviewTables, noteTables, bookingTables, materialTables]) {
  registerDeviceTables(tables)
}
