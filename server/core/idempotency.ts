// Idempotency-Key: a write sent again with the same key (a retry after a lost
// answer, a queued note sent twice, two tabs) runs once. The first request
// claims the key in the store; a repeat with the same body gets the first
// answer replayed (`Idempotent-Replayed: true`); a repeat with another body is
// refused with 422, so a reused key can never drop a different write without a
// word. Only successes are remembered: a refused write changed nothing, so its
// key is released and may be tried again. Keys expire after IDEMPOTENCY_TTL_HOURS.
//
// A keyed write either happened, its answer kept with it, or may be sent again,
// whenever the process dies (docs/decisions/0075-a-keyed-write-commits-with-its-answer.md):
// - On a store with transactions (the API server's), the claim, the route's
//   reads and writes and the stored answer are one transaction. A crash or a
//   failure rolls all of them back, so no claim outlives its run. A repeat that
//   arrives meanwhile through another process waits at its own claim (the
//   key's row) until the first run's transaction ends, at most CLAIM_WAIT_MS.
// - The demo server (one process, over IndexedDB) keeps the claim and the
//   answer in transactions of their own around the route's. A claim it finds
//   running that this process is not running was left by a service worker
//   that was stopped mid-write, and is taken over.
// Either way a repeat in this process waits for the first run in the key's
// line, and 409 "still being processed" only ever answers a first run that is
// still going.
import type { ApiDeps } from './api-deps'
import { conflict, unprocessable } from './http-errors'
import { sha256Hex } from './jwt'
import { announce } from './notifications'
import { KeyStillRunning, type IdempotencyRow, type NotificationRow, type Store } from './store'

export const IDEMPOTENCY_TTL_HOURS = 24
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000
/** How long a repeat waits for a first run still going before it is answered 409. */
export const CLAIM_WAIT_MS = 15_000
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed. Try again shortly.'

export interface IdempotentRequest {
  /** Who is calling: a key is only ever matched against the same caller's. */
  subject: string
  method: string
  path: string
  key: string
  body: Uint8Array<ArrayBuffer>
}

/** Per store, the keys this process is running, each with the end of its run. */
const lines = new WeakMap<Store, Map<string, Promise<void>>>()

/** A failed first run's answer, thrown out of its transaction so that the transaction rolls back. */
class Refused {
  constructor(readonly response: Response) {}
}

function replay(row: IdempotencyRow): Response {
  return new Response(row.body ?? '', {
    status: row.status ?? 200,
    headers: { ...row.headers, 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  })
}

async function answerOf(response: Response): Promise<Required<Pick<IdempotencyRow, 'status' | 'body' | 'headers'>>> {
  return {
    status: response.status,
    body: await response.clone().text(),
    headers: Object.fromEntries([...response.headers].filter(([name]) => name.toLowerCase().startsWith('x-'))),
  }
}

/**
 * Takes the key's place in this process's line once no run of it is going
 * there (409 after CLAIM_WAIT_MS); answers the function that leaves it.
 */
async function enterLine(line: Map<string, Promise<void>>, id: string): Promise<() => void> {
  const deadline = Date.now() + CLAIM_WAIT_MS
  for (let earlier = line.get(id); earlier; earlier = line.get(id)) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const outlasted = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()))
    })
    const late = await Promise.race([earlier.then(() => false), outlasted])
    clearTimeout(timer)
    if (late) throw conflict(STILL_RUNNING)
  }
  // Taken in the same turn as the check, so two repeats woken together cannot both take it.
  let finish!: () => void
  line.set(id, new Promise<void>((resolve) => (finish = resolve)))
  return () => {
    line.delete(id)
    finish()
  }
}

/** Claims the key (null), or answers what the key already has: its first answer, replayed. */
async function claimOrReplay(store: Store, claim: IdempotencyRow, now: Date): Promise<Response | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let existing: IdempotencyRow | null
    try {
      existing = await store.idempotency.claim(claim)
    } catch (error) {
      if (error instanceof KeyStillRunning) throw conflict(STILL_RUNNING)
      throw error
    }
    if (!existing) return null
    if (Date.parse(existing.createdAt) < now.getTime() - TTL_MS) {
      // An expired key is a new key: sweep the expired ones, this one with them.
      await store.idempotency.expire(new Date(now.getTime() - TTL_MS).toISOString())
      continue
    }
    if (existing.requestHash !== claim.requestHash) {
      throw unprocessable('This Idempotency-Key was already used for a different request. Use a new key.')
    }
    if (existing.state === 'done') return replay(existing)
    // Running, yet no run of this process holds it (its line is ours), and on
    // the API server no live transaction does (it would not be visible, only
    // waited for): its run ended with its process. Nothing of that run was
    // kept but the claim (see the top of this file): it is taken over.
    await store.idempotency.release(claim.id)
  }
  throw conflict(STILL_RUNNING)
}

/** The API server: claim, run and answer in one transaction, committed together or not at all. */
async function inOneTransaction(
  transaction: NonNullable<Store['transaction']>,
  deps: ApiDeps,
  claim: IdempotencyRow,
  run: (deps: ApiDeps) => Promise<Response>,
): Promise<Response> {
  // Notifications go out once what they tell of has committed.
  const written: NotificationRow[] = []
  let refused: Response | undefined
  try {
    const response = await transaction(async (store) => {
      const replayed = await claimOrReplay(store, claim, deps.now())
      if (replayed) return replayed
      const answer = await run({ ...deps, store, announce: (rows) => void written.push(...rows) })
      if (!answer.ok) throw new Refused((refused = answer))
      await store.idempotency.complete(claim.id, await answerOf(answer))
      return answer
    })
    announce(deps, written)
    return response
  } catch (error) {
    // The run failed and its transaction rolled back (or died with its
    // connection, which rolls it back too): its answer stands, nothing is kept.
    if (refused) return refused
    throw error
  }
}

/** The demo server: the claim and the answer each in a transaction of its own, around the route's. */
async function aroundTheRun(
  deps: ApiDeps,
  claim: IdempotencyRow,
  run: (deps: ApiDeps) => Promise<Response>,
): Promise<Response> {
  const { store } = deps
  const replayed = await claimOrReplay(store, claim, deps.now())
  if (replayed) return replayed
  try {
    const response = await run(deps)
    if (response.ok) await store.idempotency.complete(claim.id, await answerOf(response))
    else await store.idempotency.release(claim.id)
    return response
  } catch (error) {
    await store.idempotency.release(claim.id)
    throw error
  }
}

export async function idempotent(
  deps: ApiDeps,
  request: IdempotentRequest,
  run: (deps: ApiDeps) => Promise<Response>,
): Promise<Response> {
  const { store } = deps
  const id = `${request.subject} ${request.method} ${request.path} ${request.key}`
  const requestHash = await sha256Hex(request.body)
  let line = lines.get(store)
  if (!line) lines.set(store, (line = new Map()))
  const leave = await enterLine(line, id)
  const now = deps.now()
  const claim: IdempotencyRow = { id, requestHash, state: 'running', createdAt: now.toISOString() }
  try {
    return store.transaction
      ? await inOneTransaction(store.transaction.bind(store), deps, claim, run)
      : await aroundTheRun(deps, claim, run)
  } finally {
    leave()
    // Old keys are swept now and then, not on every write; a sweep that fails waits for the next one.
    if (Math.random() < 0.02) {
      store.idempotency.expire(new Date(now.getTime() - TTL_MS).toISOString()).catch(() => undefined)
    }
  }
}
