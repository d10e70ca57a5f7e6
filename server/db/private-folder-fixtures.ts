// For the tests of the data folder's modes (./private-folder.ts).
import { lstatSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** Every folder and file under `dir` (itself included) whose mode lets the group or others in, as `ls -l` modes. */
export function notPrivate(dir: string): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    const stats = lstatSync(at)
    if ((stats.mode & 0o077) !== 0) found.push(`${(stats.mode & 0o777).toString(8)} ${path.relative(dir, at) || '.'}`)
    if (stats.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name))
  }
  walk(dir)
  return found
}
