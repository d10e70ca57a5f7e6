// Every unit and integration test runs against the demo server's handlers
// under msw/node, and fails on a request no handler answers or on any
// console.error or console.warn (a React warning is a bug, not noise).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { server } from './msw-server'
import { failOnConsole } from './fail-on-console'
import { resetApiGate } from '#shared/api/api-ready'
// Where every feature's tables are, as the app's start says it; loaded before any test opens the app database.
import '#app/device-tables'
import { deviceTablesLoaded } from '#shared/db/device-tables'

await deviceTablesLoaded()

// findBy/waitFor wait up to 5 s instead of 1 s: on a busy 2-core machine a
// screen's first answer (demo server, IndexedDB, React) can take more than a
// second, and a wait ends as soon as its condition holds, so passing runs are
// no slower.
configure({ asyncUtilTimeout: 5_000 })

const consoleCalls = failOnConsole()

// No service worker under test: msw/node answers at once.
beforeEach(() => resetApiGate(true))
// msw 3 names the option onUnhandledFrame (msw 2: onUnhandledRequest).
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  // Form drafts (src/shared/drafts) live there: no test inherits another's typing.
  sessionStorage.clear()
  consoleCalls.check()
})
afterAll(() => server.close())
