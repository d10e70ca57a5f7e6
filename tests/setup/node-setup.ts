// Setup of the `server` vitest project (Node, no DOM): like ./vitest-setup.ts,
// a test fails when anything calls console.error during it, since a server
// logs an error only for something that went wrong (a 500, a crash).
import { afterEach } from 'vitest'

const consoleErrors: string[] = []
const originalError = console.error.bind(console)
console.error = (...args: unknown[]) => {
  consoleErrors.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
  originalError(...args)
}

afterEach(() => {
  if (consoleErrors.length > 0) {
    const errors = consoleErrors.splice(0)
    throw new Error(`console.error was called during the test:\n${errors.join('\n')}`)
  }
})
