// Which queries may be answered from the phone, and which answers came from
// it. Loaded with the first page (the layout's offline notice reads it), so it
// holds only plain module state: the database code is imported on demand by
// ./offline-query.ts and ./offline-mirror.ts.
import type { Query } from '@tanstack/react-query'

/** What the query's data holds: a list or page of sessions, one session, a session's reviews, or anything else. */
export type OfflineEntity = 'sessions' | 'session' | 'reviews' | 'other'

export interface OfflineQueryMeta {
  offline: OfflineEntity
  /** For 'session' and 'reviews': the session's id, to fall back on a session seen in a list. */
  sessionId?: string
}

export function offlineMetaOf(query: Pick<Query, 'meta'>): OfflineQueryMeta | undefined {
  const offline = query.meta?.offline
  if (offline !== 'sessions' && offline !== 'session' && offline !== 'reviews' && offline !== 'other') return undefined
  const sessionId = query.meta?.sessionId
  return { offline, sessionId: typeof sessionId === 'string' ? sessionId : undefined }
}

interface PhoneAnswer {
  data: unknown
  savedAt: number
}

// queryHash → the answer the phone gave, while it is the query's data.
const fromPhone = new Map<string, PhoneAnswer>()

export function markServedFromPhone(hash: string, data: unknown, savedAt: number): void {
  fromPhone.set(hash, { data, savedAt })
}

export function servedFromPhone(hash: string): PhoneAnswer | undefined {
  return fromPhone.get(hash)
}

export function forgetServedFromPhone(hash: string): void {
  fromPhone.delete(hash)
}

/** True while the query shows an answer from the phone rather than the server. */
export function isShowingPhoneData(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  const answer = fromPhone.get(query.queryHash)
  return answer !== undefined && answer.data === query.state.data
}
