// What each user changed of their notification preferences: one row per user,
// by email, gone with the user (a foreign key). The rules fill in the rest
// (#core/notification-preferences).
import type { PreferencesRow, Store } from '#core/store'
import { notificationPreferences } from '../schema'
import { inList, type PgDb } from './shared'

const toPreferences = (row: typeof notificationPreferences.$inferSelect): PreferencesRow => row

/** The rows of these users that have one, read on `db` (the transaction writing their notifications, when there is one). */
export async function preferencesOf(db: PgDb, emails: readonly string[]): Promise<Map<string, PreferencesRow>> {
  if (emails.length === 0) return new Map()
  const rows = await db.select().from(notificationPreferences).where(inList(notificationPreferences.email, emails))
  return new Map(rows.map((row) => [row.email, toPreferences(row)]))
}

export function preferencesStore(db: PgDb): Store['preferences'] {
  return {
    async get(email) {
      return (await preferencesOf(db, [email])).get(email)
    },
    ofUsers: (emails) => preferencesOf(db, emails),
    async save(row) {
      const { email, ...set } = row
      await db
        .insert(notificationPreferences)
        .values({ email, ...set })
        .onConflictDoUpdate({ target: notificationPreferences.email, set })
    },
  }
}
