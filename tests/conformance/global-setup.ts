// Global setup of the `server` vitest project: starts, once per run, what the
// conformance targets of the API server need, and hands their addresses to the
// test files (provide/inject, see ./harness/conformance-env.ts):
// - a throwaway PostgreSQL 15 cluster, for the `postgres` target;
// - a Firebase Auth emulator for each of the `pglite` and `postgres` targets
//   (their test files run in parallel, and each wipes its accounts per test).
// The `demo` target needs neither.
//
// CONFORMANCE_TARGETS picks the targets, comma-separated, default all three:
//   CONFORMANCE_TARGETS=demo,pglite npx vitest run tests/conformance
// runs without PostgreSQL installed; `demo` alone needs no emulator either.
// A missing PostgreSQL 15 fails the run with the command that installs it.
//
// Services start only for the targets whose test files this run includes, so
// `npx vitest run server/db` pays for neither.
import type { TestProject } from 'vitest/node'
import { targetsFromEnv, type ConformanceServices } from './harness/conformance-env'
import type { TargetName } from './harness/target'
import { startAuthEmulator, type AuthEmulator } from './services/auth-emulator-process'
import { startPostgresCluster, type PostgresCluster } from './services/postgres-cluster'

const TARGET_FILE = /tests\/conformance\/(demo|pglite|postgres)\.test\.ts$/

/** The targets whose test files are in this run (the CLI's file filters applied). */
async function targetsInRun(project: TestProject): Promise<Set<TargetName>> {
  // The file filters given on the command line; not public API, so a missing
  // value counts as "no filter" and every target file is in the run.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern
  const { testFiles } = await project.globTestFiles(filters)
  const names = testFiles.map((f) => TARGET_FILE.exec(f.replaceAll('\\', '/'))?.[1] as TargetName | undefined)
  return new Set(names.filter((n): n is TargetName => n !== undefined))
}

export default async function setup(project: TestProject) {
  const targets = targetsFromEnv(process.env.CONFORMANCE_TARGETS)
  const inRun = await targetsInRun(project)
  const wanted = (t: TargetName) => targets.includes(t) && inRun.has(t)

  const started: { postgres?: PostgresCluster; emulators: Map<TargetName, AuthEmulator> } = { emulators: new Map() }
  const stopAll = async () => {
    await Promise.all([...started.emulators.values()].map((e) => e.stop()))
    started.postgres?.stop()
  }
  // Everything starts at once; when one fails, whatever did start is stopped before the run fails.
  const results = await Promise.allSettled([
    ...(['pglite', 'postgres'] as const)
      .filter(wanted)
      .map(async (t) => started.emulators.set(t, await startAuthEmulator())),
    wanted('postgres') ? startPostgresCluster().then((cluster) => (started.postgres = cluster)) : null,
  ])
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failure) {
    await stopAll()
    throw failure.reason
  }
  const { postgres, emulators } = started
  const services: ConformanceServices = {
    targets,
    postgresUrl: postgres?.url ?? null,
    authEmulatorHosts: Object.fromEntries([...emulators].map(([t, e]) => [t, e.host])),
  }
  project.provide('conformance', services)
  const names = [postgres?.version, ...[...emulators].map(([t, e]) => `Firebase Auth emulator ${e.version} for ${t}`)]
  if (names.some(Boolean)) console.log(`Conformance services: ${names.filter(Boolean).join(', ')}`)
  return stopAll
}
