// Every feature's tables in the app database, each declared by its feature
// (its tables, the types of their rows, how its outbox entries were stored
// before); the app only lists them, as it lists the outbox's kinds
// (./outbox-engine.ts). Loaded with the database, never with the first page
// (./device-tables.ts).
import { bookingTables } from '#features/bookings/db/booking-tables'
import { materialTables } from '#features/materials/db/material-tables'
import { noteTables } from '#features/notes/db/note-tables'
import { reviewTables } from '#features/reviews/db/review-tables'
import { sessionTables } from '#features/sessions/db/session-tables'
import type { DeviceTables } from '#shared/db/device-tables'

export const FEATURE_TABLES: readonly DeviceTables[] = [
  sessionTables,
  reviewTables,
  noteTables,
  bookingTables,
  materialTables,
]
