// @vitest-environment node
// While the embedded database is down the API answers 503, or 507 for a write
// on a full disk, with Retry-After; a 500 it caused gets the same answer.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { DatabaseStatus } from '../db/open-database'
import { databaseOutages } from './database-outage'

function app(status: DatabaseStatus, route: (status: DatabaseStatus) => Response) {
  const hono = new Hono()
  hono.use(
    '/api/*',
    databaseOutages(() => status),
  )
  hono.all('/api/notes', () => route(status))
  return hono
}

const ok = () => new Response('{}', { status: 201 })

describe('databaseOutages', () => {
  it('answers every API request at once while the database is down: 507 for a write on a full disk, else 503', async () => {
    let routed = 0
    const down = app({ outage: { reason: 'disk-full', retryAfterSeconds: 7 }, diskFullRefusals: 0 }, () => {
      routed += 1
      return ok()
    })
    const write = await down.request('/api/notes', { method: 'POST' })
    expect([write.status, write.headers.get('Retry-After')]).toEqual([507, '7'])
    expect(((await write.json()) as { message: string }).message).toMatch(/disk is full/)
    const read = await down.request('/api/notes')
    expect([read.status, read.headers.get('Retry-After')]).toEqual([503, '7'])

    const stuck = app({ outage: { reason: 'stuck', retryAfterSeconds: 2 }, diskFullRefusals: 0 }, ok)
    const stuckWrite = await stuck.request('/api/notes', { method: 'POST' })
    expect([stuckWrite.status, stuckWrite.headers.get('Retry-After')]).toEqual([503, '2'])
    expect(routed).toBe(0)
  })

  it('answers 507 in place of a 500 when the database refused a write for want of space meanwhile', async () => {
    const refusing = app({ outage: undefined, diskFullRefusals: 3 }, (status) => {
      status.diskFullRefusals += 1
      return new Response('{}', { status: 500 })
    })
    const answer = await refusing.request('/api/notes', { method: 'POST' })
    expect(answer.status).toBe(507)
    expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0)
  })

  it('leaves any other answer as it is, a 500 with nothing wrong with the database included', async () => {
    const failing = app({ outage: undefined, diskFullRefusals: 3 }, () => new Response('{}', { status: 500 }))
    expect((await failing.request('/api/notes', { method: 'POST' })).status).toBe(500)
    const fine = app({ outage: undefined, diskFullRefusals: 0 }, ok)
    const answer = await fine.request('/api/notes', { method: 'POST' })
    expect([answer.status, answer.headers.get('Retry-After')]).toEqual([201, null])
  })
})
