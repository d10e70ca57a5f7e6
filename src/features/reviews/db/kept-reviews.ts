// Each session's reviews as this device last saw them, for reading a
// session's details offline: written by the reviews query when the server
// answers, read only when it cannot be reached
// (src/shared/offline/device-backed-query.ts). Bounded: the oldest lists go
// first past MAX_REVIEW_LISTS. Loaded on demand (it brings the database).
import type { Review } from '#contract/entities'
import { appDb, pruneOldest } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import type { ReviewsDb } from './review-tables'

export const MAX_REVIEW_LISTS = 300

const reviewsDb = appDb as ReviewsDb

export function saveReviews(sessionId: string, items: Review[], savedAt: number, db = reviewsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.reviews, async () => {
      await db.reviews.put({ sessionId, items, savedAt })
      await pruneOldest(db.reviews, MAX_REVIEW_LISTS)
    }),
  )
}

export async function readReviews(
  sessionId: string,
  db = reviewsDb,
): Promise<{ data: Review[]; savedAt: number } | undefined> {
  const row = await storageRead(() => db.reviews.get(sessionId))
  return row ? { data: row.items, savedAt: row.savedAt } : undefined
}

/** Logging out: every kept review list goes (public, but what a user looked at is theirs). */
export function forget(_email: string, db = reviewsDb): Promise<void> {
  return storageWrite(() => db.reviews.clear())
}
