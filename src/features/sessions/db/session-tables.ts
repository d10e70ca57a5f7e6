// The sessions feature's tables in the app database (src/shared/db/app-db.ts):
// the approved sessions this device last saw, one row each, and each list page
// as the ids it held. Declared here, registered by the app at its start
// (src/app/device-tables.ts); read and written by ./approved-sessions.ts.
import type { EntityTable } from 'dexie'
import type { Session } from '#contract/entities'
import type { AppDb } from '#shared/db/app-db'
import type { DeviceTables } from '#shared/db/device-tables'

/** An approved session as last fetched; savedAt: when (ms since epoch). */
export type CachedSession = Session & { savedAt: number }

/** One page of an approved-session list: which sessions, in the server's order. */
interface SessionPageRow {
  /** The list and page, named by the query that stored it (../api/session-queries.ts). */
  key: string
  ids: string[]
  total: number
  page: number
  limit: number
  savedAt: number
}

export type SessionsDb = AppDb & {
  sessions: EntityTable<CachedSession, '_id'>
  sessionPages: EntityTable<SessionPageRow, 'key'>
}

export const sessionTables: DeviceTables = {
  versions: { 6: { sessions: '_id, savedAt', sessionPages: 'key, savedAt' } },
}
