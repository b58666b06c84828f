// Unit tests (co-located *.test.ts) and API tests (tests/api) in one run; e2e has its own config in tests/e2e.
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import './tests/node20-polyfills.ts'

/**
 * Files that take minutes, not seconds (the sync soak about 160 s, the migration upgrades about 60 s). A clean clone
 * has no timings cached, and Vitest then starts files by size, so these small files came last and one worker ran them
 * alone at the end (unit stage 335 s where the files' own times add up to 255 s a worker).
 */
const LONG_FILES = ['tests/api/sync-soak.test.ts', 'server/db/migration-upgrades.test.ts']

/** Vitest's order (cached failures, then slowest), with the long files first, so the other worker takes the rest. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const long = (file: TestSpecification) => LONG_FILES.some((name) => file.moduleId.endsWith(name))
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))]
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    // Before any file: Dexie reads the IndexedDB globals when it is first imported, and files share one module
    // registry per worker (isolate: false), so a file that imports Dexie without the fake first would leave every
    // later file of that worker with "IndexedDB API missing", depending on the order the files happen to run in.
    setupFiles: ['fake-indexeddb/auto'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One database per worker is shared by the files it runs; two workers suit this 2-core machine.
    maxWorkers: 2,
    isolate: false,
    sequence: { sequencer: LongFilesFirst },
  },
})
