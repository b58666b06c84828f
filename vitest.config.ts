// Unit tests (co-located *.test.ts) and API tests (tests/api) in one run; e2e has its own config in tests/e2e.
import { defineConfig } from 'vitest/config'
import './tests/node20-polyfills.ts'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One database per worker is shared by the files it runs; two workers suit this 2-core machine.
    maxWorkers: 2,
    isolate: false,
  },
})
