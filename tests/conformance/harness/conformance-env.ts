// What the global setup (../global-setup.ts) hands the test files, through
// vitest's provide/inject: which targets run, and where the services it
// started listen.
import type { TargetName } from './target'

const ALL_TARGETS: readonly TargetName[] = ['demo', 'pglite', 'postgres']

export interface ConformanceServices {
  /** The targets this run covers (CONFORMANCE_TARGETS, default all). */
  targets: TargetName[]
  /** postgres://… of a throwaway database; set when the postgres target runs. */
  postgresUrl: string | null
  /**
   * host:port of a Firebase Auth emulator per API target in the run. Each
   * target has its own: the targets' test files run in parallel, and each
   * wipes its provider's accounts between tests.
   */
  authEmulatorHosts: Partial<Record<TargetName, string>>
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: ConformanceServices
  }
}

/** Parses CONFORMANCE_TARGETS ("demo,pglite"); unset or blank means every target. */
export function targetsFromEnv(value: string | undefined): TargetName[] {
  if (!value || !value.trim()) return [...ALL_TARGETS]
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  const unknown = names.filter((n) => !(ALL_TARGETS as readonly string[]).includes(n))
  if (unknown.length > 0) {
    throw new Error(
      `CONFORMANCE_TARGETS names unknown targets: ${unknown.join(', ')} (known: ${ALL_TARGETS.join(', ')})`,
    )
  }
  return ALL_TARGETS.filter((t) => names.includes(t))
}
