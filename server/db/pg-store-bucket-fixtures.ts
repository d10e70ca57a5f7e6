// The rows of the Store's tests with files in a bucket (pg-store-bucket*.test.ts):
// a user, a session and an approved material with its file, each with a new
// id (the session and the material as the Store's other tests make them,
// ./pg-store-fixtures.ts), and the migrations that make a database for them.
import { fileURLToPath } from 'node:url'
import { newId } from '#core/ids'
import type { MaterialRow, SessionRow, UserRow } from '#core/store'
import { material as pendingMaterial } from './pg-store-fixtures'

export { session } from './pg-store-fixtures'

export const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))
const at = (hours: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') + hours * 3_600_000).toISOString()

export function user(email: string, role: UserRow['role']): UserRow {
  return { _id: newId(), name: 'Someone', email, photo: '', role, created_at: at(0), last_log_in: at(0) }
}

/** An approved material of `s`, with its file (the bytes stay in PostgreSQL or go to the bucket, by the store). */
export function material(s: SessionRow, overrides: Partial<MaterialRow> = {}) {
  return pendingMaterial(s, { status: 'approved', ...overrides })
}
