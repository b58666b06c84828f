// A/B bench of the owner dashboard: another commit's build and this work tree's, served side by side, each to a
// Chromium of its own (CPU slowed 4x, 200 items), runs alternating between the two, so a machine that slows down or
// speeds up during the bench weighs on both alike. Prints reload to the last card, Edit to the filled dialog, the Edit
// click's own interaction latency (Event Timing, what INP is made of) and reload to the first paint, median and runs.
// Run: npm run bench:dashboard:ab -- [--base HEAD~1] [--runs 8]. The base is checked out in a temporary git worktree
// that shares this tree's node_modules, built there, and removed at the end.
import type { CDPSession, Page } from 'playwright-core'
import { type AppServer, startAppLikeNpmStart } from '../tests/app-server.ts'
import { buildBase } from './lib-ab.ts'
import { launchChromium, median } from './lib-browser.ts'
import { readReloadPhases } from './lib-dashboard-phases.ts'
import { openProbedDashboard, readProbe, reloadToLastCard, tapEditToDialog, waitForSynced, worstInteraction } from './lib-dashboard-probe.ts'
import { seedOwnerWithItems } from './lib-owner-seed.ts'
import { PHONE_CPU_SLOWDOWN } from './lib-timing.ts'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}
const BASE = arg('--base', 'HEAD')
const RUNS = Number(arg('--runs', '8'))
const ITEMS = 200

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Side = {
  label: string
  app: AppServer
  browser: Browser
  page: Page
  cdp: CDPSession
  names: string[]
  reload: number[]
  /** CPU time of the page's renderer process (main thread, workers, compositor) over the reload, in ms. */
  reloadCpu: number[]
  /** CPU time of the reloaded document's main thread from its start to the last card (polling included), in ms. */
  mainCpu: number[]
  dialog: number[]
  clickInp: number[]
  firstPaint: number[]
}

/**
 * A browser per side: the two servers differ only by port, so their pages are one site to Chromium and could share a
 * renderer process, whose CPU throttling would then slow both at once.
 */
async function side(label: string, start: typeof startAppLikeNpmStart): Promise<Side> {
  const app = await start({ RATE_LIMIT_SCALE: '20' })
  const browser = await launchChromium()
  const owner = await seedOwnerWithItems(app.baseUrl, ITEMS, 10)
  const { context, page } = await openProbedDashboard(browser, app.baseUrl, owner)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN })
  await cdp.send('Performance.enable')
  return { label, app, browser, page, cdp, names: owner.itemNames, reload: [], reloadCpu: [], mainCpu: [], dialog: [], clickInp: [], firstPaint: [] }
}

/**
 * CPU seconds the page's renderer process has used (ProcessTime; its ThreadTime restarts with each document): less moved
 * than the wall-clock figures by other programs on a shared machine, so a change's own cost shows through their noise.
 */
async function processCpu(cdp: CDPSession): Promise<number> {
  return (await cpuMetrics(cdp)).process
}

/** ProcessTime, and ThreadTime: the current document's main thread, counted from that document's start. */
async function cpuMetrics(cdp: CDPSession): Promise<{ process: number; thread: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN
  return { process: value('ProcessTime'), thread: value('ThreadTime') }
}

/** One run as bench/owner-dashboard.ts measures it: reload to the last card, then a tap on Edit to the filled dialog. */
async function run(s: Side, n: number): Promise<void> {
  const { page } = s
  const before = await processCpu(s.cdp)
  s.reload.push(await reloadToLastCard(page))
  const after = await cpuMetrics(s.cdp)
  s.reloadCpu.push((after.process - before) * 1000)
  s.mainCpu.push(after.thread * 1000)
  s.firstPaint.push((await readReloadPhases(page)).firstPaint)
  await waitForSynced(page)
  await page.waitForTimeout(300)
  const clickStart = await page.evaluate(() => performance.now())
  s.dialog.push(await tapEditToDialog(page, s.names[n % 6] ?? ''))
  // Event Timing reports the click after its next paint.
  await page.waitForTimeout(400)
  s.clickInp.push(worstInteraction(await readProbe(page), clickStart)?.duration ?? 0)
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
}

async function main() {
  const base = await buildBase(BASE)
  const sides: Side[] = []
  try {
    sides.push(await side(`base ${BASE}`, base.startApp), await side('this tree', startAppLikeNpmStart))
    const [a, b] = sides as [Side, Side]
    // A warm-up run each (caches, the worker's precache), not counted; then ABBA order so neither side always goes first.
    await run(a, 0)
    await run(b, 0)
    for (let n = 1; n <= RUNS; n++) for (const s of n % 2 ? [a, b] : [b, a]) await run(s, n)
    console.log(`Owner dashboard A/B, ${ITEMS} items, CPU ${PHONE_CPU_SLOWDOWN}x, ${RUNS} alternating runs each`)
    const ms = (values: number[]) => `median ${Math.round(median(values.slice(1)))} ms (runs ${values.slice(1).map(Math.round).join(', ')})`
    for (const s of sides) {
      console.log(`  ${s.label.padEnd(18)} reload -> last card ${ms(s.reload)}; Edit -> filled dialog ${ms(s.dialog)}; Edit click's latency ${ms(s.clickInp)}; reload -> first paint ${ms(s.firstPaint)}`)
      console.log(`  ${''.padEnd(18)} CPU time of the renderer process over the reload ${ms(s.reloadCpu)}; of the new document's main thread ${ms(s.mainCpu)}`)
    }
  } finally {
    await Promise.all(sides.map(async (s) => {
      await s.browser.close()
      await s.app.stop()
    }))
    base.remove()
  }
}

await main()
