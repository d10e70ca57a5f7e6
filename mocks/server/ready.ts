// Seeds the demo database once per context: the first request of a fresh
// install waits for the seed, and concurrent first requests share one run.
import { demoDb, type DemoDb } from '../db/demo-db'
import type { SeedOptions } from '#core/seed/seed-data'
import { seedDemo, SEED_VERSION } from '../demo-seed'

let ready: Promise<void> | null = null

export function ensureDemoData(db: DemoDb = demoDb()): Promise<void> {
  if (!ready) {
    ready = (async () => {
      // A seed from an older version lacks what the rules now need (every user's identity): seed again.
      const seed = (await db.meta.get('seed'))?.value as { version?: number } | undefined
      if (seed?.version !== SEED_VERSION) await seedDemo(db)
    })()
    ready.catch(() => (ready = null))
  }
  return ready
}

/** Wipes every record and seeds again (POST /api/demo/reset, tests, the bench). */
export function resetDemoData(options: SeedOptions = {}, db: DemoDb = demoDb()): Promise<void> {
  const previous = ready ?? Promise.resolve()
  const run = previous.catch(() => undefined).then(() => seedDemo(db, options))
  ready = run
  run.catch(() => (ready = null))
  return run
}
