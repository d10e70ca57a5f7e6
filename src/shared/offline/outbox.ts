// The outbox table, as every kind of entry shares it (docs/decisions/0062):
// each write that must wait for the server is one entry of `outbox` in the
// app database, in the order it was made (`seq`), with whose write it is
// (`email`), the Idempotency-Key it is sent with, its kind, what it writes to
// (`subject`) and what it carries (`payload`). Each kind lives in the feature
// that makes it (OutboxKind): what happens to its rows around the send, and
// what a refusal that is not one means. This module knows only what is common:
// which entry goes next, and what is queued.
//
// Order: a user's entries go out oldest first, whatever their kind. A refused
// entry holds back only the later entries of its own subject (the same kind
// writing to the same thing): they were written on top of it. So does an entry
// held for its Undo (`holdUntil`), until its time is up.
import type { ApiError } from '#shared/api/api-error'
import { queryKeys } from '#shared/api/query-keys'
import { appDb, type AppDb, type OutboxEntry } from '#shared/db/app-db'
import { storageRead, storageWrite } from '#shared/db/storage-faults'
import { deviceQuery } from './device-query'

/** What one kind of entry does around the engine's send (./outbox-sync.ts). */
export interface OutboxKind<E extends OutboxEntry = OutboxEntry> {
  /** The names of the tables `claimed` and the answers' handlers use, joined to the claim's transaction. */
  tables?: readonly string[]
  /** Inside the claim's transaction, the attempt counted: fixes what the entry is sent with. */
  claimed?(entry: E, db: AppDb): Promise<E>
  /** Sends the entry; rejects with ApiError as the HTTP client does. */
  send(entry: E): Promise<unknown>
  /** A 4xx that is not a plain refusal: what was wanted is already so ('sent'), or a conflict kept for the user. */
  settle?(entry: E, error: ApiError, db: AppDb): Promise<'sent' | 'conflict' | undefined>
  /** The server took it: drop the entry and settle what it wrote. */
  confirm(entry: E, answer: unknown, db: AppDb): Promise<void>
  /** The server refused it: keep it with the reason, and what it wrote marked, until the user acts. */
  refuse(entry: E, reason: string, db: AppDb): Promise<void>
}

/** The kinds an engine can send, by name. */
export type OutboxKinds = Readonly<Record<string, OutboxKind>>

/** A user's entries in the order they were written. */
export async function entriesOfUser(email: string, db: AppDb = appDb): Promise<OutboxEntry[]> {
  return (await db.outbox.where('email').equals(email).toArray()).sort((a, b) => a.seq! - b.seq!)
}

/** `email`'s entries of one kind writing to one subject (a booking's cancels, its marks), oldest first. */
export async function entriesOfSubject<E extends OutboxEntry>(
  db: AppDb,
  isKind: (entry: OutboxEntry) => entry is E,
  kind: string,
  subject: string,
  email: string,
): Promise<E[]> {
  const rows = await db.outbox.where('[kind+subject]').equals([kind, subject]).toArray()
  return rows.filter((e): e is E => isKind(e) && e.email === email).sort((a, b) => a.seq! - b.seq!)
}

/** True while the entry waits for its Undo. */
export function isHeld(entry: OutboxEntry, now = Date.now()): boolean {
  return entry.holdUntil !== undefined && entry.holdUntil > now
}

/** A user's entries, read for a screen: never hangs. */
export function readQueued(email: string, db: AppDb = appDb): Promise<OutboxEntry[]> {
  return storageRead(() => entriesOfUser(email, db))
}

/**
 * The user's writes waiting for the server, of every kind, read through the
 * query cache (./device-query.ts): each screen that shows them selects its kind. Any write to the
 * outbox, by a screen, another tab or the sync engine, refreshes them.
 */
export const outboxQueries = {
  ofUser: (email: string) =>
    deviceQuery({ queryKey: queryKeys.outbox.ofUser(email), tables: ['outbox'], read: () => readQueued(email) }),
}

/** True while the entry certainly has not reached the server: never sent, or refused. */
export function neverReachedServer(entry: OutboxEntry): boolean {
  return entry.attempts === 0 || entry.error !== undefined
}

/**
 * Claims the next entry to send for `email`: the oldest one not refused and
 * not behind a refused entry of the same subject. Counting the attempt in the
 * same transaction is what stops later writes merging into it. Entries of a
 * kind this engine does not know are left for one that does (only a one-off
 * flush outside the app's session knows fewer kinds than the app).
 */
export function claimNext(
  email: string,
  kinds: OutboxKinds,
  db: AppDb = appDb,
  now = Date.now(),
): Promise<OutboxEntry | undefined> {
  const tables = new Set(['outbox', ...Object.values(kinds).flatMap((kind) => kind.tables ?? [])])
  return storageWrite(() =>
    db.transaction('rw', [...tables], async () => {
      const blocked = new Set<string>()
      for (const entry of await entriesOfUser(email, db)) {
        const kind = kinds[entry.kind]
        if (!kind) continue
        const subject = `${entry.kind} ${entry.subject}`
        if (entry.error !== undefined || isHeld(entry, now)) {
          blocked.add(subject)
          continue
        }
        if (blocked.has(subject)) continue
        let claimed: OutboxEntry = { ...entry, attempts: entry.attempts + 1 }
        if (kind.claimed) claimed = await kind.claimed(claimed, db)
        await db.outbox.put(claimed)
        return claimed
      }
      return undefined
    }),
  )
}

/** When the first of `email`'s held entries may go out, if any is held (the engine flushes then). */
export async function nextHoldEnd(email: string, db: AppDb = appDb, now = Date.now()): Promise<number | undefined> {
  const ends = (await storageRead(() => db.outbox.where('email').equals(email).toArray()))
    .filter((entry) => isHeld(entry, now))
    .map((entry) => entry.holdUntil!)
  return ends.length > 0 ? Math.min(...ends) : undefined
}

/** Drops a confirmed entry, for a kind with nothing else to settle. */
export function dropEntry(entry: OutboxEntry, db: AppDb = appDb): Promise<void> {
  return storageWrite(() => db.outbox.delete(entry.seq!))
}

/** Keeps a refused entry with the reason, for a kind with nothing else to mark (a no-op once it is gone). */
export function keepRefused(entry: OutboxEntry, reason: string, db: AppDb = appDb): Promise<void> {
  return storageWrite(async () => {
    await db.outbox.update(entry.seq!, { error: reason })
  })
}

/** Logging out: drops `email`'s entries, whatever their kind. Other users' unsent entries stay theirs. */
export function forget(email: string, db: AppDb = appDb): Promise<void> {
  return storageWrite(async () => {
    await db.outbox.where('email').equals(email).delete()
  })
}
