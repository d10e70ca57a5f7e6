// The order vitest hands test files to its workers. Its own order runs one
// project after the other and, on a machine without a results cache (every
// CI run), larger files first: the `server` project's files (the three
// conformance targets at about a minute each, the tests that start server
// processes) then came last, and the run ended on one busy worker. Longest
// first packs the two workers: the conformance targets (small files that
// define a whole suite), then the server's files, then the app's, each by
// vitest's own order within.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const CONFORMANCE_TARGET = /tests\/conformance\/[^/]+\.test\.ts$/

function rank(spec: TestSpecification): number {
  if (CONFORMANCE_TARGET.test(spec.moduleId.replaceAll('\\', '/'))) return 0
  return spec.project.name === 'server' ? 1 : 2
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    // Array.prototype.sort is stable: vitest's order holds within a rank.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
