// End-to-end tests: the built app served by `npm start` on a free port, driven by Chromium through playwright-core.
import { defineConfig } from 'vitest/config'
import '../node20-polyfills.ts'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    // Two files at a time, each with its own browser, against the one server (decision 190): a test waits for answers,
    // timers and workers, and the other file uses that time.
    fileParallelism: true,
    // The helpers' contexts block the service worker unless a test, a describe or a file carries this tag (browser.ts).
    tags: [{ name: 'service-worker', description: "runs with the app's service worker: offline, install, push, saved copies" }],
    strictTags: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page's hydration or a worker's answer takes seconds on a busy 2-core machine, not expect.poll's default 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
})
