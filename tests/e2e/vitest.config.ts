// End-to-end tests: the built app served by `npm start` on a free port, driven by Chromium through playwright-core.
import { defineConfig } from 'vitest/config'

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints a failure; on Node 20 the failure report itself
// crashes and hides the cause. This fills the gap in the main process, where reporters run.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>()
      let index = 0
      for (const item of items) {
        const key = keyOf(item, index++)
        const group = groups.get(key)
        if (group) group.push(item)
        else groups.set(key, [item])
      }
      return groups
    },
  })
}

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    // One server and a 2-core machine: files run one after another, each with its own browser.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
})
