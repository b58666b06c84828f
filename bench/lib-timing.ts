// Timings of a scan in a real browser: navigation start to a redirect destination's load event (CPU throttled like a
// mid-range phone), and an offline re-scan's navigation start to the first wishlist item on screen.
import type { Browser, Page } from 'playwright-core'

/** Chrome DevTools' "4x slowdown": a mid-range phone on a desktop CPU. */
export const PHONE_CPU_SLOWDOWN = 4

async function throttle(page: Page, rate: number): Promise<void> {
  if (rate <= 1) return
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/**
 * One first-time scan (fresh context: no cache, no service worker) of `url`, in ms from the start of the navigation
 * until the page at `destination` has fired load. Measured from outside, so a client-side redirect counts its
 * whole detour through the app.
 */
export async function timeToDestination(browser: Browser, url: string, destination: string, cpuRate: number): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await throttle(page, cpuRate)
    const arrived = page.waitForURL((at) => at.href.startsWith(destination), { waitUntil: 'load', timeout: 30_000 })
    const start = performance.now()
    await page.goto(url, { waitUntil: 'commit' })
    await arrived
    return performance.now() - start
  } finally {
    await context.close()
  }
}

/** ms since the document's navigation start when the heading `name` is laid out on screen (checked every frame). */
async function paintedAt(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction(
    (text) => {
      const heading = [...document.querySelectorAll('h1, h2, h3, h4')].find((element) => element.textContent === text)
      return heading && heading.getBoundingClientRect().height > 0 ? performance.now() : false
    },
    name,
    { polling: 'raf', timeout: 30_000 },
  )
  return Number(await handle.jsonValue())
}

export type OfflineRescan = { timesMs: number[]; savedCopyShown: number }

/**
 * After one online visit with the service worker in control (so the profile's API answer is saved), the phone goes
 * offline and the visitor scans again, `runs` times. Each time is navigation start to the first item on screen.
 */
export async function offlineRescan(browser: Browser, url: string, firstItem: string, runs: number, cpuRate: number): Promise<OfflineRescan> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url)
    // One visit: the worker claims the page and the page asks for its profile again through it, saving the copy.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    const apiPath = new URL(url).pathname.replace('/profile/', '/api/profiles/')
    await page.waitForFunction(async (path) => Boolean(await caches.match(path)), apiPath)

    await context.setOffline(true)
    await throttle(page, cpuRate)
    const timesMs: number[] = []
    let savedCopyShown = 0
    for (let run = 0; run < runs; run++) {
      await page.goto(url, { waitUntil: 'commit' })
      timesMs.push(await paintedAt(page, firstItem))
      if (await page.getByText(/^You are offline\. Showing a saved copy/).isVisible()) savedCopyShown++
    }
    return { timesMs, savedCopyShown }
  } finally {
    await context.close()
  }
}

export type FirstPurchaseTap = {
  /** ms from the finger on Purchase to the start of the frame that shows the tap answered (the busy button), first visit. */
  answeredMs: number[]
  /** ms from the finger on Purchase to the confirmation sheet laid out with the gift's price (React loaded on the tap). */
  firstVisitMs: number[]
  /**
   * The same tap on a second visit. The service worker then answers with the app's shell (sw/public-profile-route.ts),
   * which React runs from the start: this is React's own tap to the sheet, nothing left to load.
   */
  revisitMs: number[]
}

/**
 * The visitor page runs without React until the first Purchase tap (decision 176), so that tap waits for React to
 * load and hydrate the page before the sheet opens. On a 360x740 touch phone at `cpuRate`: the page loaded and quiet
 * (the page's own requests done; the worker may still be filling its precache, as in a visitor's first seconds),
 * then one tap on the gift's Purchase.
 */
export async function firstPurchaseTap(browser: Browser, url: string, gift: { name: string; price: string }, runs: number, cpuRate: number): Promise<FirstPurchaseTap> {
  const result: FirstPurchaseTap = { answeredMs: [], firstVisitMs: [], revisitMs: [] }
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
    try {
      await context.addInitScript(() => {
        // Capture phase on window: before any of the page's own listeners, so the tap's start is the finger's.
        addEventListener('pointerdown', (event) => Object.assign(window, { tapAt: event.timeStamp }), { capture: true, once: true })
        // The frame in which the plain page marks the tapped button busy (static-page.ts).
        const busy = new MutationObserver(() => {
          busy.disconnect()
          requestAnimationFrame(() => Object.assign(window, { busyAt: performance.now() }))
        })
        busy.observe(document, { subtree: true, attributeFilter: ['aria-busy'] })
      })
      const page = await context.newPage()
      await throttle(page, cpuRate)
      for (const visit of ['firstVisitMs', 'revisitMs'] as const) {
        await page.goto(url)
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: gift.name, exact: true }) })
        const purchase = card.getByRole('button', { name: 'Purchase' })
        await purchase.and(page.locator(':enabled')).waitFor()
        await page.waitForLoadState('networkidle')
        await purchase.tap()
        const sheetAt = await page.waitForFunction(
          (text) => {
            const dialogs = [...document.querySelectorAll('dialog, [role="dialog"]')]
            return dialogs.some((dialog) => dialog.textContent?.includes(text) && dialog.getBoundingClientRect().height > 0) ? performance.now() : false
          },
          gift.price,
          { polling: 'raf', timeout: 30_000 },
        )
        const { tapAt, busyAt } = await page.evaluate(() => {
          const marks = window as unknown as { tapAt?: number; busyAt?: number }
          return { tapAt: marks.tapAt, busyAt: marks.busyAt }
        })
        result[visit].push(Number(await sheetAt.jsonValue()) - (tapAt ?? Number.NaN))
        if (visit === 'firstVisitMs') result.answeredMs.push((busyAt ?? Number.NaN) - (tapAt ?? Number.NaN))
        // The second visit needs the worker in control, which answers it.
        if (visit === 'firstVisitMs') await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
      }
    } finally {
      await context.close()
    }
  }
  return result
}
