import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** True when the module at `moduleUrl` is the program being run (`tsx server/main.ts`), false when imported. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return moduleUrl === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}
