// Writes the demo data (server/core/seed/seed-data.ts) into the demo
// database, with a demo identity for every seeded user, already bound to its
// record, so no seeded account is left for someone else to claim. All of them
// sign in with the demo password.
import { DEMO_ACCOUNT_PASSWORD } from '#contract/demo-identity'
import { newId } from '#core/ids'
import { buildSeedRows, type SeedOptions } from '#core/seed/seed-data'
import { toStoredFile, type DemoDb, type FileRow, type IdentityRow } from './db/demo-db'
import { hashPassword } from './server/crypto'

export const SEED_VERSION = 2

/** The picker's "accounts on this device" behind the demo Google button: not password accounts. */
export const DEMO_GOOGLE_ACCOUNTS = [
  { email: 'riley.chen@gmail.example', displayName: 'Riley Chen', photoURL: null },
  { email: 'jordan.lee@gmail.example', displayName: 'Jordan Lee', photoURL: null },
  { email: 'taylor.nguyen@gmail.example', displayName: 'Taylor Nguyen', photoURL: null },
] as const

export async function seedDemo(db: DemoDb, options: SeedOptions = {}): Promise<void> {
  const rows = await buildSeedRows(options)
  const now = (options.now ?? new Date()).toISOString()
  // One hash for all: the demo password is public, and PBKDF2 per account would slow the first start.
  const hash = await hashPassword(DEMO_ACCOUNT_PASSWORD)
  const identities: IdentityRow[] = rows.users.map((user) => ({
    uid: newId(),
    email: user.email,
    provider: 'password',
    emailVerified: true,
    ...hash,
    displayName: user.name,
    photoURL: null,
    createdAt: now,
  }))
  // Each seeded identity is verified, so each record is bound verified.
  const users = rows.users.map((user, i) => ({ ...user, uid: identities[i]!.uid, emailVerified: true }))
  const files: FileRow[] = rows.files.map((file) => ({
    ...file,
    data: toStoredFile(file.data as Uint8Array, file.type),
  }))
  await db.transaction('rw', [...db.dataTables, db.meta], async () => {
    await Promise.all(db.dataTables.map((t) => t.clear()))
    await db.users.bulkAdd(users)
    await db.identities.bulkAdd(identities)
    await db.sessions.bulkAdd(rows.sessions)
    await db.bookings.bulkAdd(rows.bookings)
    await db.reviews.bulkAdd(rows.reviews)
    await db.notes.bulkAdd(rows.notes)
    await db.materials.bulkAdd(rows.materials)
    await db.files.bulkAdd(files)
    await db.meta.put({ key: 'seed', value: { version: SEED_VERSION, seededAt: now, sessions: rows.sessions.length } })
  })
}
