// The embedded database's queries, taking turns with the event loop.
//
// PGlite runs on this process's one thread: once a query starts, nothing else
// runs until it ends. Under load every turn of the event loop ran the queries
// of all the requests that had arrived, back to back (50 busy connections:
// about 100 ms a turn), and Node takes in one new connection per turn of the
// loop. A visitor's first request then waited seconds just to be let in,
// while requests on open connections took about 0.1 s (measured with
// `npm run bench:server`: docs/performance.md, "The API server under load").
//
// Here the queries wait in one line, and each starts only after the loop has
// had a turn of its own (setImmediate): a turn runs at most one query, and
// connections are accepted and requests read between them. PGlite runs one
// query at a time anyway, so the line costs no concurrency. A transaction is
// one place in the line: its own queries go through the transaction's
// object, not this one.
import type { PGlite } from '@electric-sql/pglite'

const QUEUED = new Set<PropertyKey>(['query', 'exec', 'transaction'])

/** `client` with its queries (`query`, `exec`, `transaction`) in one line, each after a turn of the event loop. */
export function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work)
    last = run.catch(() => undefined)
    return run
  }
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      if (!QUEUED.has(property)) return method.bind(target)
      return (...args: unknown[]) => inTurn(() => Promise.resolve(method.apply(target, args)))
    },
  })
}
