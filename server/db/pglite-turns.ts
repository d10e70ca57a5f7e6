// The embedded database's queries, taking turns with the event loop, oldest
// request first.
//
// PGlite runs one query at a time. It ran on this process's one thread (it
// has one of its own now: ./pglite-worker-client.ts), so once a query started
// nothing else ran until it ended. Under load every turn of the event loop
// ran the queries of all the requests that had arrived, back to back (50 busy
// connections: about 100 ms a turn), and Node takes in one new connection per
// turn of the loop. A visitor's first request then waited seconds just to be let in,
// while requests on open connections took about 0.1 s (measured with
// `npm run bench:server`: docs/performance.md, "The API server under load").
//
// Here the queries wait in one line, and each starts only after the loop has
// had a turn of its own (setImmediate): a turn runs at most one query, and
// connections are accepted and requests read between them. PGlite runs one
// query at a time anyway, so the line costs no concurrency. A transaction is
// one place in the line: its own queries go through the transaction's
// object, not this one.
//
// The line is not first come, first served: the next query is the one of the
// request that arrived first (inArrivalOrder). A request makes several
// queries one after the other (the caller's token, the record, a booking's
// transaction); first come, first served sent each of them to the back of the
// line, behind every request that arrived since, so a request's time was the
// sum of several waits of varying length and the slowest requests waited
// several times the typical one. Oldest first, a request once started keeps
// its turn until it is answered, and requests are answered in the order they
// came: the same throughput, a shorter tail (docs/performance.md).
import type { PGlite } from '@electric-sql/pglite'
import { AsyncLocalStorage } from 'node:async_hooks'

const QUEUED = new Set<PropertyKey>(['query', 'exec', 'transaction'])

/** The number of the request being handled, in the order requests arrived. */
const arrival = new AsyncLocalStorage<number>()
let arrivals = 0

/**
 * Runs `handle` (one request's handling) with its number in the order of
 * arrival: its queries go before those of every request that arrived after it.
 */
export function inArrivalOrder<T>(handle: () => T): T {
  arrivals += 1
  return arrival.run(arrivals, handle)
}

interface Waiting {
  /** Lower goes first: the request's arrival, then the order asked. */
  arrival: number
  asked: number
  run: () => void
}

/** `client` with its queries (`query`, `exec`, `transaction`) in one line, each after a turn of the event loop. */
export function takingTurns(client: PGlite): PGlite {
  const line: Waiting[] = []
  let asked = 0
  let busy = false
  const next = () => {
    if (busy || line.length === 0) return
    busy = true
    setImmediate(() => {
      // Chosen after the turn, so a request read during the turn is in the line too.
      let first = 0
      for (let i = 1; i < line.length; i++) {
        const a = line[i]!
        const b = line[first]!
        if (a.arrival < b.arrival || (a.arrival === b.arrival && a.asked < b.asked)) first = i
      }
      const [chosen] = line.splice(first, 1)
      chosen!.run()
    })
  }
  const inTurn = <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      asked += 1
      // Work asked outside any request (migrations, the reminder) counts as a request arriving now.
      const number = arrival.getStore() ?? (arrivals += 1)
      line.push({
        arrival: number,
        asked,
        run: () => {
          work()
            .then(resolve, reject)
            .finally(() => {
              busy = false
              next()
            })
        },
      })
      next()
    })
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      if (!QUEUED.has(property)) return method.bind(target)
      return (...args: unknown[]) => inTurn(() => Promise.resolve().then(() => method.apply(target, args)))
    },
  })
}
