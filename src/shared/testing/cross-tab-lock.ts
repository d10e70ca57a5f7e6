// A stand-in for navigator.locks in tests of the outbox engine
// (src/shared/offline/outbox-sync.ts): one holder at a time across the
// engines given it, as two tabs would be; records the names asked for.
import type { LockProvider } from '#shared/offline/outbox-sync'

export function crossTabLock(): { locks: LockProvider; names: string[] } {
  const names: string[] = []
  let queue: Promise<unknown> = Promise.resolve()
  const locks: LockProvider = {
    request(name, callback) {
      names.push(name)
      const run = queue.then(callback)
      queue = run.catch(() => undefined)
      return run
    },
  }
  return { locks, names }
}
