// The signed-in user's inbox on the device: the first page as the server last
// gave it, read when the server cannot be reached (the one offline read path,
// docs/decisions/0057-one-offline-read-path.md). One row per user, gone at
// logout (`forget`, called by the app's wipe). Loaded on demand: Dexie stays
// out of the first page.
import type { Notification } from '#contract/entities'
import { appDb, type AppDb } from '#shared/db/app-db'
import { storageWrite } from '#shared/db/storage-faults'

export interface InboxPage {
  items: Notification[]
  total: number
}

export function saveInbox(email: string, page: InboxPage, savedAt: number, db: AppDb = appDb): Promise<void> {
  return storageWrite(async () => {
    await db.inboxes.put({ email, items: page.items, total: page.total, savedAt })
  })
}

export async function readInbox(
  email: string,
  db: AppDb = appDb,
): Promise<{ data: InboxPage; savedAt: number } | undefined> {
  const row = await db.inboxes.get(email)
  return row && { data: { items: row.items, total: row.total }, savedAt: row.savedAt }
}

/** Logout: the user's kept inbox goes. */
export function forget(email: string, db: AppDb = appDb): Promise<void> {
  return storageWrite(() => db.inboxes.delete(email))
}
