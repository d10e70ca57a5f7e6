// Removes this run's builds (see the output folders in playwright.config.ts).
// The live stack removes its own when it stops; this is in case it could not.
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

export default async function globalTeardown(): Promise<void> {
  const builds = [
    process.env.E2E_PORT && `e2e-dist-${process.env.E2E_PORT}`,
    process.env.E2E_LIVE_PORT && `e2e-live-dist-${process.env.E2E_LIVE_PORT}`,
  ]
  for (const build of builds) {
    if (!build) continue
    await rm(fileURLToPath(new URL(`../../node_modules/.cache/${build}`, import.meta.url)), {
      recursive: true,
      force: true,
    })
  }
}
