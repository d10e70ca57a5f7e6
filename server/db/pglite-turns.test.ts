// @vitest-environment node
// The embedded database's queries take turns with the event loop: one at a
// time, oldest request first, each after the loop has had a turn.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { inArrivalOrder, takingTurns } from './pglite-turns'

/** A stand-in for PGlite that records when each query runs, as PGlite does, synchronously once started. */
function recordingClient(events: string[]) {
  const client = {
    name: 'fake',
    query(text: string) {
      events.push(`query ${text}`)
      // Whatever the loop has to do next (a connection to take in, a request to read) waits for its turn.
      if (text === 'one') setImmediate(() => events.push('a turn of the loop'))
      if (text === 'bad') return Promise.reject(new Error('syntax error'))
      return Promise.resolve({ rows: [text] })
    },
    exec(text: string) {
      events.push(`exec ${text}`)
      return Promise.resolve([])
    },
    transaction<T>(work: (tx: { query: (text: string) => Promise<unknown> }) => Promise<T>) {
      events.push('begin')
      return work({ query: (text) => (events.push(`tx ${text}`), Promise.resolve({ rows: [] })) }).finally(() =>
        events.push('commit'),
      )
    },
    close: () => Promise.resolve(),
  }
  return client
}

describe('takingTurns', () => {
  it('runs queries one at a time in the order asked, each after a turn of the event loop', async () => {
    const events: string[] = []
    const client = takingTurns(recordingClient(events) as unknown as PGlite)
    // Asked together; without the turns, the second would start the moment the first ended.
    await Promise.all([client.query('one'), client.query('two'), client.exec('three')])
    expect(events).toEqual(['query one', 'a turn of the loop', 'query two', 'exec three'])
  })

  it('keeps a transaction whole: its own queries run inside its place in the line', async () => {
    const events: string[] = []
    const client = takingTurns(recordingClient(events) as unknown as PGlite)
    const done = client.transaction(async (tx) => {
      await tx.query('inside 1')
      await tx.query('inside 2')
    })
    const after = client.query('after')
    await Promise.all([done, after])
    expect(events).toEqual(['begin', 'tx inside 1', 'tx inside 2', 'commit', 'query after'])
  })

  it('answers a failed query with its error, and the line goes on', async () => {
    const events: string[] = []
    const client = takingTurns(recordingClient(events) as unknown as PGlite)
    await expect(client.query('bad')).rejects.toThrow('syntax error')
    await expect(client.query('good')).resolves.toEqual({ rows: ['good'] })
    // Everything else is the client's own.
    expect((client as unknown as { name: string }).name).toBe('fake')
  })

  it("serves the oldest request's queries first: a request once started is not sent behind later ones", async () => {
    const events: string[] = []
    const client = takingTurns(recordingClient(events) as unknown as PGlite)
    // Each request asks its second query only once its first is answered.
    const request = (name: string) =>
      inArrivalOrder(async () => {
        await client.query(`${name} 1`)
        await client.query(`${name} 2`)
      })
    const first = request('a')
    const second = request('b')
    const third = request('c')
    await Promise.all([first, second, third])
    expect(events).toEqual(['query a 1', 'query a 2', 'query b 1', 'query b 2', 'query c 1', 'query c 2'])
  })

  it('queues work asked outside any request as a request arriving then', async () => {
    const events: string[] = []
    const client = takingTurns(recordingClient(events) as unknown as PGlite)
    const request = inArrivalOrder(async () => {
      await client.query('request 1')
      await client.query('request 2')
    })
    const background = client.query('background')
    await Promise.all([request, background])
    expect(events).toEqual(['query request 1', 'query request 2', 'query background'])
  })
})
