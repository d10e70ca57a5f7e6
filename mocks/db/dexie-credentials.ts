// A user's credential generation in the demo database (the port's rule in
// server/core/store.ts): moving it and deleting what the old one made (the
// calendar feed and push subscriptions) is one read-write transaction, and a
// feed or subscription is written only in a transaction that finds the
// generation its caller's token names. IndexedDB runs transactions over the
// same tables one at a time, so neither can slip in between the other's steps.
import type { Table } from 'dexie'
import { credentialGeneration, type UserRow } from '#core/store'
import type { DemoDb } from './demo-db'

/**
 * Applies the change `change(user)` answers (none: nothing happens) with the
 * next credential generation, and deletes the old one's calendar feed and push
 * subscriptions, in one transaction; answers the user as written.
 */
export function moveGeneration(
  db: DemoDb,
  id: string,
  change: (user: UserRow) => Partial<UserRow> | null,
): Promise<UserRow | undefined> {
  return db.transaction('rw', [db.users, db.calendarFeeds, db.pushSubscriptions], async () => {
    const user = await db.users.get(id)
    const patch = user && change(user)
    if (!user || !patch) return undefined
    const moved = { ...user, ...patch, credentialGeneration: credentialGeneration(user) + 1 }
    await db.users.put(moved)
    await db.calendarFeeds.delete(user.email)
    await db.pushSubscriptions.where('email').equals(user.email).delete()
    return moved
  })
}

/** Runs `write` (on `table`) while the user of `email` is at credential `generation`; false when it has moved. */
export function whileGeneration<T, K>(
  db: DemoDb,
  email: string,
  generation: number,
  table: Table<T, K>,
  write: () => Promise<unknown>,
): Promise<boolean> {
  return db.transaction('rw', [db.users, table], async () => {
    const user = await db.users.where('email').equals(email).first()
    if (!user || credentialGeneration(user) !== generation) return false
    await write()
    return true
  })
}
