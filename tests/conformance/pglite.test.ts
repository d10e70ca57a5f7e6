// The conformance suite against the API server on PGlite (PostgreSQL in
// WebAssembly, in memory), with the Firebase Auth emulator as its provider.
import { describe, inject } from 'vitest'
import { apiServerLogTests } from './api-server-logs'
import { createApiTarget } from './harness/api-target'
import { EMULATOR_PROJECT_ID } from './harness/firebase-emulator'
import { defineConformanceSuite } from './suite'

const services = inject('conformance')
const authEmulatorHost = services.authEmulatorHosts.pglite

describe.runIf(services.targets.includes('pglite') && authEmulatorHost)('API server on PGlite', () => {
  // firebase-admin reads these from the environment.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost
  process.env.FIREBASE_PROJECT_ID = EMULATOR_PROJECT_ID
  const target = createApiTarget({ name: 'pglite', authEmulatorHost: authEmulatorHost! })
  defineConformanceSuite(target, (api) => apiServerLogTests(api, target.logLines))
})
