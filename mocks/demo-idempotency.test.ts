// The demo server's Idempotency-Key after its service worker was stopped in the
// middle of a keyed write: the claim it left `running` in IndexedDB has no run
// behind it any more, and the write sent again runs (once) instead of waiting
// and getting 409 for a day (server/core/idempotency.ts).
import { beforeEach, describe, expect, it } from 'vitest'
import { sha256Hex } from '#core/jwt'
import { demoDb } from './db/demo-db'
import { call, resetDemoDb } from './testing/sign-in'

const STUDENT = 'student@studyhub.demo'

beforeEach(() => resetDemoDb())

describe('demo server: a keyed write cut off with its worker', () => {
  it('takes over the claim left running, runs the write once and replays it after', async () => {
    const body = { email: STUDENT, title: 'Cut off', description: 'The worker stopped mid-write.' }
    // What the stopped worker left: the claim of this very request, still running.
    await demoDb().idempotency.add({
      id: `app:${STUDENT} POST /api/notes cut-off`,
      requestHash: await sha256Hex(JSON.stringify(body)),
      state: 'running',
      createdAt: new Date().toISOString(),
    })

    const sent = await call('POST', '/notes', { as: STUDENT, body, idempotencyKey: 'cut-off' })
    expect(sent.status).toBe(201)
    expect(sent.headers.get('Idempotent-Replayed')).toBeNull()
    const again = await call('POST', '/notes', { as: STUDENT, body, idempotencyKey: 'cut-off' })
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.data).toEqual(sent.data)
    expect(
      await demoDb()
        .notes.where('email')
        .equals(STUDENT)
        .filter((n) => n.title === 'Cut off')
        .count(),
    ).toBe(1)
  })
})
