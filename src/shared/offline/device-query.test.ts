// A device query reads the device through the query cache, and a write to a
// table it reads (here, or by anything else that writes the database) brings
// the new data into the cache by itself; a write to another table does not
// make it read again. Made with the shared kept answers' table, which any
// owner could be.
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appDb } from '../db/app-db'
import { saveKeptAnswer } from '../db/kept-answers'
import { deviceQuery } from './device-query'

const EMAIL = 'sam@example.com'

afterEach(async () => {
  await appDb.keptAnswers.clear()
  await appDb.outbox.clear()
})

describe('a device query', () => {
  it('follows writes to the tables it reads, and only those', async () => {
    const client = new QueryClient()
    const reads = vi.fn(() => appDb.keptAnswers.where('email').equals(EMAIL).primaryKeys())
    const query = deviceQuery({ queryKey: ['kept', EMAIL], tables: ['keptAnswers'], read: reads })
    // A screen that shows it.
    const stop = new QueryObserver(client, query).subscribe(() => undefined)
    try {
      expect(await client.fetchQuery(query)).toEqual([])

      // Written by anyone: the cached answer follows, with no one asking.
      await saveKeptAnswer('first', EMAIL, [], 1)
      await vi.waitFor(() => expect(client.getQueryData(query.queryKey)).toEqual(['first']))

      const before = reads.mock.calls.length
      await appDb.outbox.add({
        kind: 'test',
        subject: 's',
        payload: {},
        email: EMAIL,
        idempotencyKey: 'k',
        createdAt: 0,
        attempts: 0,
      })
      await saveKeptAnswer('second', EMAIL, [], 2)
      await vi.waitFor(() => expect(client.getQueryData(query.queryKey)).toEqual(['first', 'second']))
      // The outbox's write read nothing again; the kept answer's did, once.
      expect(reads.mock.calls.length).toBe(before + 1)
    } finally {
      stop()
    }
  })

  it('is never stale and never waits for the network', () => {
    const query = deviceQuery({ queryKey: ['x'], tables: ['keptAnswers'], read: async () => 1 })
    expect(query).toMatchObject({ staleTime: Infinity, networkMode: 'always', meta: { deviceTables: ['keptAnswers'] } })
  })
})
