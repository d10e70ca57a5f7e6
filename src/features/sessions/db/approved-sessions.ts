// The approved sessions this device last saw, for reading them offline: one
// row per session (its only copy here) and each list page as the ids it held
// in the server's order (./session-tables.ts). Written by the session queries
// when the server answers, read only when it cannot be reached
// (src/shared/offline/device-backed-query.ts). Bounded: the oldest rows go
// first past MAX_SESSIONS / MAX_PAGES, so the quota is never the limit; a
// write that fails anyway (full disk, closed database) is reported by
// storageWrite and the screen keeps the server's answer. Loaded on demand
// (it brings the database).
import type { Session } from '#contract/entities'
import { compareSessions, sessionMatcher, sessionSearchOf, type SessionSearchQuery } from '#contract/session-search'
import { appDb, pruneOldest } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import type { CachedSession, SessionsDb } from './session-tables'

/** Enough for every list page and details page a student looks at. */
export const MAX_SESSIONS = 1_000
export const MAX_PAGES = 300

const sessionsDb = appDb as SessionsDb

export interface DeviceAnswer<T> {
  data: T
  /** When the server gave it (ms since epoch). */
  savedAt: number
}

export interface SessionPageOf {
  items: Session[]
  total: number
  page: number
  limit: number
}

/** Stores one page (or the whole list) of approved sessions. */
export function saveSessionPage(
  key: string,
  page: SessionPageOf,
  savedAt: number,
  db: SessionsDb = sessionsDb,
): Promise<void> {
  const approved = page.items.filter((s) => s.status === 'approved')
  return storageWrite(() =>
    db.transaction('rw', db.sessions, db.sessionPages, async () => {
      await db.sessionPages.put({
        key,
        ids: approved.map((s) => s._id),
        total: page.total,
        page: page.page,
        limit: page.limit,
        savedAt,
      })
      const rows: CachedSession[] = approved.map((s) => ({ ...s, savedAt }))
      if (rows.length > 0) await db.sessions.bulkPut(rows)
      await pruneOldest(db.sessionPages, MAX_PAGES)
      await pruneOldest(db.sessions, MAX_SESSIONS)
    }),
  )
}

/** Stores the approved ones of these sessions (a search's answer: its sessions, not the page). */
export function saveSessions(items: Session[], savedAt: number, db: SessionsDb = sessionsDb): Promise<void> {
  const rows: CachedSession[] = items.filter((s) => s.status === 'approved').map((s) => ({ ...s, savedAt }))
  if (rows.length === 0) return Promise.resolve()
  return storageWrite(() =>
    db.transaction('rw', db.sessions, async () => {
      await db.sessions.bulkPut(rows)
      await pruneOldest(db.sessions, MAX_SESSIONS)
    }),
  )
}

/**
 * A search over the sessions kept on this device (offline), with the
 * contract's one rule (docs/rules/search.md), paged as the server would. Its
 * total is what the device holds, and it is dated by the oldest session it
 * shows (else the newest kept at all): that is how old the answer may be.
 */
export async function searchKeptSessions(
  { search, tutorEmail, page, limit }: { search: SessionSearchQuery; tutorEmail?: string; page: number; limit: number },
  db: SessionsDb = sessionsDb,
): Promise<DeviceAnswer<SessionPageOf> | undefined> {
  const kept = await storageRead(() => db.sessions.toArray())
  if (kept.length === 0) return undefined
  const criteria = sessionSearchOf(search, Date.now())
  const matches = sessionMatcher(criteria)
  const found = kept
    .filter((s) => s.status === 'approved' && (!tutorEmail || s.tutorEmail === tutorEmail) && matches(s))
    .sort(compareSessions(criteria.sort, (s) => s.averageRating ?? 0))
  const shown = found.slice((page - 1) * limit, page * limit)
  const dates = (shown.length > 0 ? shown : kept).map((s) => s.savedAt)
  const savedAt = shown.length > 0 ? Math.min(...dates) : Math.max(...dates)
  return { data: { items: shown.map(withoutSavedAt), total: found.length, page, limit }, savedAt }
}

/** Stores one session's details; one no longer approved is forgotten (not shown offline). */
export function saveSession(session: Session, savedAt: number, db: SessionsDb = sessionsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.sessions, async () => {
      if (session.status !== 'approved') {
        await db.sessions.delete(session._id)
        return
      }
      await db.sessions.put({ ...session, savedAt })
      await pruneOldest(db.sessions, MAX_SESSIONS)
    }),
  )
}

function withoutSavedAt({ savedAt: _savedAt, ...session }: CachedSession): Session {
  return session
}

/** A page as last stored, its sessions as last seen anywhere. */
export async function readSessionPage(
  key: string,
  db: SessionsDb = sessionsDb,
): Promise<DeviceAnswer<SessionPageOf> | undefined> {
  const page = await storageRead(() => db.sessionPages.get(key))
  if (!page) return undefined
  const rows = await storageRead(() => db.sessions.bulkGet(page.ids))
  const items = rows.filter((row): row is CachedSession => row !== undefined).map(withoutSavedAt)
  return { data: { items, total: page.total, page: page.page, limit: page.limit }, savedAt: page.savedAt }
}

/** An approved session seen in any list or details answer. */
export async function readSession(id: string, db: SessionsDb = sessionsDb): Promise<DeviceAnswer<Session> | undefined> {
  const row = await storageRead(() => db.sessions.get(id))
  return row ? { data: withoutSavedAt(row), savedAt: row.savedAt } : undefined
}

/**
 * Logging out (the app's wipe calls each owner's `forget`): every session
 * and page goes. Public data, but what a user looked at is theirs, so
 * nothing of it is left for the next one.
 */
export function forget(_email: string, db: SessionsDb = sessionsDb): Promise<void> {
  return storageWrite(() =>
    db.transaction('rw', db.sessions, db.sessionPages, async () => {
      await db.sessions.clear()
      await db.sessionPages.clear()
    }),
  )
}
