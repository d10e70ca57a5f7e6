// Server answers kept on the device for reading offline, for the
// device-backed queries that have no table of their own: one row per query, whose key it is (the query key, hashed), whose answer it is (the
// signed-in user's email: another user's is never read, and logging out
// forgets it) and when the server gave it. Written when the server answers,
// read only when it cannot be reached (../offline/device-backed-query.ts).
// Bounded: past MAX_KEPT_ANSWERS the oldest go. Loaded on demand (it brings
// the database).
import { appDb, pruneOldest, type AppDb } from './app-db'
import { storageRead, storageWrite } from './storage-faults'

export const MAX_KEPT_ANSWERS = 200

export function saveKeptAnswer(
  key: string,
  email: string,
  data: unknown,
  savedAt: number,
  db: AppDb = appDb,
): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.keptAnswers, async () => {
      await db.keptAnswers.put({ key, email, data, savedAt })
      await pruneOldest(db.keptAnswers, MAX_KEPT_ANSWERS)
    }),
  )
}

/** The answer kept under `key` for `email`, if any. */
export async function readKeptAnswer<T>(
  key: string,
  email: string,
  db: AppDb = appDb,
): Promise<{ data: T; savedAt: number } | undefined> {
  const row = await storageRead(() => db.keptAnswers.get(key))
  return row && row.email === email ? { data: row.data as T, savedAt: row.savedAt } : undefined
}

/** Logging out: the user's kept answers go. */
export function forget(email: string, db: AppDb = appDb): Promise<void> {
  return storageWrite(async () => {
    await db.keptAnswers.where('email').equals(email).delete()
  })
}
