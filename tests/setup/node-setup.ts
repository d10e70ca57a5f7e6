// Setup of the `server` vitest project (Node, no DOM): like ./vitest-setup.ts,
// a test fails when anything calls console.error or console.warn during it,
// since a server logs those only for something that went wrong (a 500, a crash).
import { afterEach } from 'vitest'
import { failOnConsole } from './fail-on-console'

const consoleCalls = failOnConsole()

afterEach(() => consoleCalls.check())
