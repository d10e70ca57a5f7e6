// Every unit and integration test runs against the demo server's handlers
// under msw/node, and fails on a request no handler answers or on any
// console.error (a React warning is a bug, not noise).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { cleanup } from '@testing-library/react'
import { server } from './msw-server'
import { resetApiGate } from '../../src/shared/api/api-ready'

const consoleErrors: string[] = []
const originalError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  consoleErrors.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
  originalError(...args)
}

// No service worker under test: msw/node answers at once.
beforeEach(() => resetApiGate(true))
// msw 3 names the option onUnhandledFrame (msw 2: onUnhandledRequest).
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  if (consoleErrors.length > 0) {
    const errors = consoleErrors.splice(0)
    throw new Error(`console.error was called during the test:\n${errors.join('\n')}`)
  }
})
afterAll(() => server.close())
