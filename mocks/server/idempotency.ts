// Idempotency-Key handling: the first successful answer to a key is stored
// (per caller, method and path) and replayed for the same key; a repeat that
// arrives while the first is still running waits for it instead of running twice.
import type { DemoDb } from '../db/demo-db'

export interface StoredAnswer {
  status: number
  body: string
  headers: Record<string, string>
}

const inFlight = new Map<string, Promise<StoredAnswer>>()

export function idempotencyId(subject: string, method: string, path: string, key: string): string {
  return `${subject} ${method} ${path} ${key}`
}

export function replayResponse(answer: StoredAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { ...answer.headers, 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  })
}

/** Runs `produce` once per id; later calls with the id get the stored first answer. */
export async function once(db: DemoDb, id: string, produce: () => Promise<Response>): Promise<Response> {
  const stored = await db.idempotency.get(id)
  if (stored) return replayResponse(stored)
  const running = inFlight.get(id)
  if (running) return replayResponse(await running)
  let settle!: (answer: StoredAnswer) => void
  let fail!: (error: unknown) => void
  const promise = new Promise<StoredAnswer>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  promise.catch(() => undefined)
  inFlight.set(id, promise)
  try {
    const response = await produce()
    const answer: StoredAnswer = {
      status: response.status,
      body: await response.clone().text(),
      headers: Object.fromEntries([...response.headers].filter(([name]) => name.toLowerCase().startsWith('x-'))),
    }
    // Only successes are remembered: a refused call changed nothing, so running it again is harmless.
    if (response.ok) await db.idempotency.put({ id, ...answer, createdAt: new Date().toISOString() })
    settle(answer)
    return response
  } catch (error) {
    fail(error)
    throw error
  } finally {
    inFlight.delete(id)
  }
}
