// The reviews feature's table in the app database (src/shared/db/app-db.ts):
// each session's reviews as last fetched. Declared here, registered by the
// app at its start (src/app/device-tables.ts); read and written by ./kept-reviews.ts.
import type { EntityTable } from 'dexie'
import type { Review } from '#contract/entities'
import type { AppDb } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

interface SessionReviews {
  sessionId: string
  items: Review[]
  savedAt: number
}

export type ReviewsDb = AppDb & { reviews: EntityTable<SessionReviews, 'sessionId'> }

export const reviewTables: DeviceTables = {
  versions: { 6: { reviews: 'sessionId, savedAt' } },
}
