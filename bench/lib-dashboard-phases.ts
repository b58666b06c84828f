// Where a reload of the owner dashboard spends its time: milestones of the page's load read from Navigation, Resource
// and User Timing after the last card is painted, so a bench says which stretch to work on, not only the total.
import type { Page } from 'playwright-core'
import { median } from './lib-browser.ts'

/** ms since the navigation's start; NaN when the page did not load that file (a build with other chunk names). */
export type ReloadPhases = Record<(typeof PHASES)[number]['key'], number>

const PHASES = [
  { key: 'document', label: 'document answered (through the service worker)' },
  { key: 'firstPaint', label: 'first contentful paint (the boot shell, or the page)' },
  { key: 'unloaded', label: 'previous page unloaded' },
  { key: 'entryLoaded', label: "app's entry code loaded" },
  { key: 'entryRun', label: "app's entry code run (DOMContentLoaded)" },
  // User Timing marks of the app (qrtee:*), then the read-ahead's chunk, then its marks.
  { key: 'guard', label: "protected pages' guard started" },
  { key: 'session', label: 'session checked (no network when the token is fresh)' },
  { key: 'pageCodeLoaded', label: "dashboard's code loaded (after the session check)" },
  { key: 'syncCode', label: "owner sync's code loaded (the guard's import)" },
  { key: 'claimAsked', label: 'local claim asked (on the local database)' },
  { key: 'claimAnswered', label: 'local claim answered' },
  { key: 'readStarted', label: "read-ahead's code loaded (the route's loader)" },
  { key: 'readAsked', label: 'local wishlist read asked' },
  { key: 'readAnswered', label: 'local wishlist read answered' },
] as const

/**
 * Read in the page: resource names are hashed build outputs, matched by their chunk name. No inner functions: tsx
 * (esbuild keepNames) would wrap them in a helper the page does not have.
 */
export function readReloadPhases(page: Page): Promise<ReloadPhases> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    const chunks = { entryLoaded: /^\/assets\/app-[\w-]{8}\.js$/, pageCodeLoaded: /^\/assets\/dashboard-[\w-]{8}\.js$/, readStarted: /^\/assets\/wishlist-read-ahead-[\w-]{8}\.js$/ }
    const loaded = { entryLoaded: Number.NaN, pageCodeLoaded: Number.NaN, readStarted: Number.NaN }
    // The app's User Timing marks (performance.mark('qrtee:...') in the guard, the sync client and the read-ahead).
    const marks = {
      guard: 'qrtee:guard',
      session: 'qrtee:session',
      syncCode: 'qrtee:sync-code',
      claimAsked: 'qrtee:claim-asked',
      claimAnswered: 'qrtee:claim-answered',
      readAsked: 'qrtee:read-asked',
      readAnswered: 'qrtee:read-answered',
    }
    const marked: Record<string, number> = {}
    for (const [key, name] of Object.entries(marks)) marked[key] = performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const pathname = new URL(entry.name).pathname
      for (const key of Object.keys(chunks) as (keyof typeof chunks)[]) if (chunks[key].test(pathname)) loaded[key] = entry.responseEnd
    }
    return {
      document: navigation?.responseEnd ?? Number.NaN,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      unloaded: navigation?.unloadEventEnd ?? Number.NaN,
      entryRun: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      ...loaded,
      ...marked,
    } as Record<(typeof PHASES)[number]['key'], number>
  })
}

/** Prints the median of each milestone over the runs, and the stretch since the one before it. */
export function printReloadPhases(runs: ReloadPhases[], lastCard: number[]): void {
  console.log('  where a reload goes (medians, ms since the navigation started; + the stretch since the line above):')
  let before = 0
  const rows = [...PHASES.map(({ key, label }) => ({ label, at: median(runs.map((run) => run[key])) })), { label: 'last card painted', at: median(lastCard) }]
  for (const { label, at } of rows) {
    console.log(`    ${label.padEnd(54)} ${String(Math.round(at)).padStart(6)}  +${Math.round(at - before)}`)
    if (Number.isFinite(at)) before = at
  }
}
