// Owns the A/B mode of bench/public-profile.ts: the visitor page of another commit's build and of this tree's, served
// side by side and measured in alternating runs in one process, so a machine that speeds up or slows down weighs on
// both alike: Lighthouse mobile (performance, TBT), the long tasks of a load in an unthrottled Chromium, and bytes.
import path from 'node:path'
import type { Browser } from 'playwright-core'
import type { AppServer } from '../tests/app-server.ts'
import { startAppLikeNpmStart } from '../tests/app-server.ts'
import { findChromium } from '../tests/chromium.ts'
import { buildBase, spread } from './lib-ab.ts'
import { firstVisitTransfers, launchChromium, type Transfer } from './lib-browser.ts'
import { runLighthouse } from './lib-lighthouse.ts'
import { ITEM_NAME, seedWishlist } from './lib-server.ts'

type Side = { label: string; app: AppServer; url: string; perf: number[]; tbt: number[]; lcp: number[]; longTasks: number[]; longest: number[] }

/** The document without a script of its own (module, JSON data) and without its module preloads: what the page reads as. */
export const withoutScripts = (html: string): string =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')

/**
 * Long tasks (over 50 ms) from navigation until the page has been quiet a while after load, as this machine runs them.
 * `scriptless`: the document is served without its scripts (through Playwright's router), so what is left is the
 * browser's own parsing, style, layout and paint of the server's HTML, the floor the page's script cannot go below.
 */
async function longTasksOfLoad(browser: Browser, url: string, { scriptless = false } = {}): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
  try {
    const page = await context.newPage()
    if (scriptless)
      await page.route(url, async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, body: withoutScripts(await response.text()) })
      })
    await page.addInitScript(() => {
      const durations: number[] = []
      ;(window as unknown as { longTasks: number[] }).longTasks = durations
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(5000)
    return await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  } finally {
    await context.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (list: Transfer[]) => list.reduce((total, t) => total + t.bytes, 0)

export async function benchPublicAb(base: string, runs: number): Promise<void> {
  const built = await buildBase(base)
  const sides: Side[] = []
  const browser = await launchChromium()
  try {
    for (const [label, start] of [[`base ${base}`, built.startApp], ['this tree', startAppLikeNpmStart]] as const) {
      const app = await start()
      sides.push({ label, app, url: `${app.baseUrl}/profile/${await seedWishlist(app.baseUrl)}`, perf: [], tbt: [], lcp: [], longTasks: [], longest: [] })
    }
    const [a, b] = sides as [Side, Side]
    const scriptless: Pick<Side, 'longTasks' | 'longest'> = { longTasks: [], longest: [] }
    // Warm-up (server-side render caches, the OS file cache), not counted; then ABBA so neither side always goes first.
    for (const s of sides) await longTasksOfLoad(browser, s.url)
    for (let n = 0; n < runs; n++) {
      for (const s of n % 2 ? [b, a] : [a, b]) {
        const lh = await runLighthouse(s.url, findChromium())
        // A run Lighthouse could not measure (a runtime error: no metrics) scores 0; it counts as failed, not as 0.
        s.perf.push(Number.isNaN(lh.lcpMs) ? Number.NaN : lh.scores.performance / 100)
        s.tbt.push(lh.tbtMs)
        s.lcp.push(lh.lcpMs)
        const tasks = await longTasksOfLoad(browser, s.url)
        s.longTasks.push(tasks.length)
        s.longest.push(Math.max(0, ...tasks))
      }
      const floor = await longTasksOfLoad(browser, b.url, { scriptless: true })
      scriptless.longTasks.push(floor.length)
      scriptless.longest.push(Math.max(0, ...floor))
    }
    console.log(`Visitor page A/B (12 items, 4 photos), ${runs} alternating runs each; median (min-max, runs)`)
    for (const s of sides) {
      const transfers = await firstVisitTransfers(browser, s.url, ITEM_NAME(1))
      const scripts = transfers.page.filter((t) => t.type === 'Script')
      const html = transfers.page.filter((t) => t.type === 'Document')
      console.log(`  ${s.label}`)
      console.log(`    Lighthouse mobile performance ${spread(s.perf)}   goal >= 0.95`)
      console.log(`    Lighthouse mobile TBT ${spread(s.tbt.map(Math.round), ' ms')}   goal <= 100 ms`)
      console.log(`    Lighthouse mobile LCP ${spread(s.lcp.map(Math.round), ' ms')}`)
      console.log(`    Long tasks (> 50 ms) of a load, unthrottled 360x740: ${spread(s.longTasks)}; longest ${spread(s.longest.map(Math.round), ' ms')}   goal 0`)
      if (s === b)
        console.log(`    The same without its scripts (the browser's parse, style, layout, paint): long tasks ${spread(scriptless.longTasks)}; longest ${spread(scriptless.longest.map(Math.round), ' ms')}`)
      console.log(`    First visit: compressed JS ${kb(sum(scripts))} in ${scripts.length} files (${scripts.map((t) => path.basename(new URL(t.url).pathname)).join(', ')}); HTML ${kb(sum(html))}`)
    }
  } finally {
    await browser.close()
    await Promise.all(sides.map((s) => s.app.stop()))
    built.remove()
  }
}
