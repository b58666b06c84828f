// Unit tests (co-located *.test.ts) and API tests (tests/api) in one run; e2e has its own config in tests/e2e.
import { defineConfig } from 'vitest/config'
import './tests/node20-polyfills.ts'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'tests/api/**/*.test.ts'],
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
  },
})
