// Idempotency-Key: a write sent again with the same key (a retry after a lost
// answer, a queued note sent twice, two tabs) runs once. The first request
// claims the key in the store; a repeat with the same body gets the first
// answer replayed (`Idempotent-Replayed: true`); a repeat with another body is
// refused with 422, so a reused key can never drop a different write without a
// word. A repeat that arrives while the first is still running waits for it,
// in this process directly and across processes by polling the store. Only
// successes are remembered: a refused write changed nothing, so its key is
// released and may be tried again. Keys expire after IDEMPOTENCY_TTL_HOURS.
import type { ApiDeps } from './api-deps'
import { conflict, unprocessable } from './http-errors'
import { sha256Hex } from './jwt'
import type { IdempotencyRow } from './store'

export const IDEMPOTENCY_TTL_HOURS = 24
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000
/** How long a repeat waits for a first run in another process before it gives up with 409. */
const WAIT_MS = 15_000
const POLL_MS = 25

export interface IdempotentRequest {
  /** Who is calling: a key is only ever matched against the same caller's. */
  subject: string
  method: string
  path: string
  key: string
  body: Uint8Array<ArrayBuffer>
}

const inFlight = new Map<string, Promise<void>>()

function replay(row: IdempotencyRow): Response {
  return new Response(row.body ?? '', {
    status: row.status ?? 200,
    headers: { ...row.headers, 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  })
}

async function settled(deps: ApiDeps, id: string): Promise<IdempotencyRow | undefined> {
  const local = inFlight.get(id)
  if (local) await local
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const row = await deps.store.idempotency.get(id)
    if (!row || row.state === 'done' || Date.now() > deadline) return row
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

export async function idempotent(
  deps: ApiDeps,
  request: IdempotentRequest,
  run: () => Promise<Response>,
): Promise<Response> {
  const { store } = deps
  const id = `${request.subject} ${request.method} ${request.path} ${request.key}`
  const requestHash = await sha256Hex(request.body)
  const now = deps.now()
  const claim: IdempotencyRow = { id, requestHash, state: 'running', createdAt: now.toISOString() }

  let claimed = false
  for (let attempt = 0; attempt < 3 && !claimed; attempt++) {
    const existing = await store.idempotency.claim(claim)
    if (!existing) {
      claimed = true
      break
    }
    if (Date.parse(existing.createdAt) < now.getTime() - TTL_MS) {
      // An expired key is a new key: sweep the expired ones, this one with them.
      await store.idempotency.expire(new Date(now.getTime() - TTL_MS).toISOString())
      continue
    }
    if (existing.requestHash !== requestHash) {
      throw unprocessable('This Idempotency-Key was already used for a different request. Use a new key.')
    }
    const row = existing.state === 'done' ? existing : await settled(deps, id)
    if (row?.state === 'done') return replay(row)
    if (row) throw conflict('A request with this Idempotency-Key is still being processed. Try again shortly.')
    // The first run failed and released the key: try to claim it again.
  }
  if (!claimed) throw conflict('A request with this Idempotency-Key is still being processed. Try again shortly.')

  let finish!: () => void
  inFlight.set(id, new Promise<void>((resolve) => (finish = resolve)))
  try {
    const response = await run()
    if (response.ok) {
      await store.idempotency.complete(id, {
        status: response.status,
        body: await response.clone().text(),
        headers: Object.fromEntries([...response.headers].filter(([name]) => name.toLowerCase().startsWith('x-'))),
      })
    } else await store.idempotency.release(id)
    return response
  } catch (error) {
    await store.idempotency.release(id)
    throw error
  } finally {
    inFlight.delete(id)
    finish()
    // Old keys are swept now and then, not on every write.
    if (Math.random() < 0.02) void store.idempotency.expire(new Date(now.getTime() - TTL_MS).toISOString())
  }
}
