// A test fails when anything calls console.error or console.warn during it:
// the app, React and the servers warn only about something that went wrong.
// The call still prints, so the failure shows where it came from.
const METHODS = ['error', 'warn'] as const

export function failOnConsole(): { check(): void } {
  const calls: string[] = []
  for (const method of METHODS) {
    const original = console[method].bind(console)
    console[method] = (...args: unknown[]) => {
      calls.push(`console.${method}: ${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}`)
      original(...args)
    }
  }
  return {
    check() {
      if (calls.length === 0) return
      const found = calls.splice(0)
      throw new Error(`console.error or console.warn was called during the test:\n${found.join('\n')}`)
    },
  }
}
