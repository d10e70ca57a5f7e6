// Removes this run's build (see the outDir in playwright.config.ts).
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

export default async function globalTeardown(): Promise<void> {
  const port = process.env.E2E_PORT
  if (!port) return
  const outDir = fileURLToPath(new URL(`../../node_modules/.cache/e2e-dist-${port}`, import.meta.url))
  await rm(outDir, { recursive: true, force: true })
}
