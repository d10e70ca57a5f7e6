// @vitest-environment node
// The embedded database's queries take turns with the event loop: one at a
// time, in the order asked, each after the loop has had a turn.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { takingTurns } from './pglite-turns'

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
})
