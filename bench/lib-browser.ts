// Browser measurements of the visitor's page through playwright-core: the bytes a first visit downloads, the time a
// scan takes to reach a redirect profile's destination, and the time an offline re-scan takes to show the wishlist.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from '../tests/chromium.ts'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS })
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

export type Transfer = { url: string; type: string; bytes: number }

/** From now on, every response `page` receives, with its bytes on the wire (CDP encodedDataLength). */
export async function recordTransfers(context: BrowserContext, page: Page): Promise<Transfer[]> {
  const cdp = await context.newCDPSession(page)
  const seen = new Map<string, { url: string; type: string }>()
  const received: Transfer[] = []
  cdp.on('Network.responseReceived', (event) => seen.set(event.requestId, { url: event.response.url, type: event.type }))
  cdp.on('Network.loadingFinished', (event) => {
    const known = seen.get(event.requestId)
    if (known) received.push({ ...known, bytes: event.encodedDataLength })
  })
  await cdp.send('Network.enable')
  return received
}

/**
 * Every response a first-time visitor's page receives until the wishlist shows and the network is quiet, with its
 * bytes on the wire (CDP encodedDataLength: compressed body plus headers). The service worker's own precache
 * downloads happen outside the page and are listed apart.
 */
export async function firstVisitTransfers(browser: Browser, url: string, firstItem: string): Promise<{ page: Transfer[]; worker: Transfer[] }> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const received = await recordTransfers(context, page)
    const worker: Transfer[] = []
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return
      void request.sizes().then(
        (sizes) => worker.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize + sizes.responseHeadersSize }),
        () => undefined,
      )
    })
    await page.goto(url)
    await page.getByRole('heading', { name: firstItem, exact: true }).waitFor()
    await page.waitForLoadState('networkidle')
    // The worker installs after load and precaches in the background; give it time to finish before counting.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.waitForTimeout(500)
    return { page: received, worker }
  } finally {
    await context.close()
  }
}
