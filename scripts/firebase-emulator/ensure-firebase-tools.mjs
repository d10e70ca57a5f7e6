// Installs the Firebase CLI (for its Auth emulator) into .tools/firebase-tools,
// once: `node scripts/firebase-emulator/ensure-firebase-tools.mjs`.
//
// Why not a devDependency: a plain install of firebase-tools compiles an
// optional native module for minutes on every `npm ci`, and only the
// conformance tests of the API server need it. Without optional dependencies
// it installs in about 30 s, and the emulator does not need them.
// The conformance tests' global setup (tests/conformance/global-setup.ts)
// calls this too, so a bare `npx vitest` works on a fresh clone.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const FIREBASE_TOOLS_VERSION = '15.34.2'

const prefix = fileURLToPath(new URL('../../.tools/firebase-tools', import.meta.url))

/** Where the `firebase` command is once installed. */
export const firebaseBin = `${prefix}/node_modules/.bin/firebase`

function installedVersion() {
  const manifest = `${prefix}/node_modules/firebase-tools/package.json`
  if (!existsSync(manifest) || !existsSync(firebaseBin)) return null
  return JSON.parse(readFileSync(manifest, 'utf8')).version
}

/** Installs the pinned firebase-tools unless it is already there; answers the `firebase` command's path. */
export function ensureFirebaseTools({ quiet = false } = {}) {
  const version = installedVersion()
  if (version === FIREBASE_TOOLS_VERSION) return firebaseBin
  if (!quiet) console.log(`Installing firebase-tools@${FIREBASE_TOOLS_VERSION} into ${prefix} (about 30 s, once)`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      prefix,
      '--omit=optional',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `firebase-tools@${FIREBASE_TOOLS_VERSION}`,
    ],
    { stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' },
  )
  if (result.status !== 0 || installedVersion() !== FIREBASE_TOOLS_VERSION) {
    throw new Error(
      `Could not install firebase-tools@${FIREBASE_TOOLS_VERSION} into ${prefix} (npm exited with ${result.status}).`,
    )
  }
  return firebaseBin
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bin = ensureFirebaseTools()
  console.log(`firebase-tools ${installedVersion()} at ${bin}`)
}
