// Scans the server never sees (decision 105): a visitor page served by the service worker reports its own scan, with a
// beacon online or queued offline and sent once the browser is back online; the owner's own look reports nothing.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SCAN_OWNER_COOKIE, ScanStatsSchema } from '../../src/contract/scans.ts'
import { SCAN_QUEUE_KEY } from '../../src/features/public-profile/scan-report.ts'
import { baseUrl, launchBrowser } from './browser.ts'
import { giftCard, waitForServiceWorker } from './helpers.ts'
import { api, ownerWith, startDestination } from './pwa-helpers.ts'

// Headless Chromium names itself 'HeadlessChrome', which the server rightly counts as a bot; a visitor's phone does not.
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

let browser: Browser
let context: BrowserContext | undefined
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function visitorPage(): Promise<{ context: BrowserContext; page: Page }> {
  context = await browser.newContext({ baseURL: baseUrl(), userAgent: PHONE_AGENT, viewport: { width: 412, height: 915 } })
  return { context, page: await context.newPage() }
}

const isScanReport = (request: Request) => request.method() === 'POST' && /^\/api\/public\/profiles\/[^/]+\/scans$/.test(new URL(request.url()).pathname)

/** Every scan report the browser sends (pages, beacons and workers alike). */
function recordReports(target: BrowserContext): string[] {
  const sent: string[] = []
  target.on('request', (request) => void (isScanReport(request) && sent.push(new URL(request.url()).pathname)))
  return sent
}

/** The owner's count of today's scans as the server answers it. */
async function serverScans(token: string): Promise<number> {
  const answer = await api('/api/stats/scans?days=1', { token })
  if (answer.status !== 200) throw new Error(`GET /api/stats/scans answered ${answer.status}`)
  return v.parse(ScanStatsSchema, answer.json).totalScans
}

/** The page's queue of unsent reports, read from localStorage as the page keeps it. */
function queuedReports(page: Page): Promise<Array<{ id: string; at: string }>> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ id: string; at: string }>, SCAN_QUEUE_KEY)
}

/**
 * A first, server-rendered visit (counted by the server), after which the worker installed by the page claims it and
 * saves the profile: no reload, since a reload through the worker would itself be a scan the page reports.
 */
async function firstVisit(page: Page, shareableId: string): Promise<void> {
  await page.goto(`/profile/${shareableId}`)
  await giftCard(page, 'Espresso cups').waitFor()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/profiles/${id}`)), shareableId)).toBe(true)
}

const POLL = { timeout: 20_000, interval: 250 }

/**
 * From here on the browser speaks as another visitor (another agent from the same address): one visitor's scans of a
 * profile within 30 minutes count once (decision 128), and these tests count each report.
 */
async function asAnotherVisitor(target: BrowserContext, visitor: number): Promise<void> {
  await target.setExtraHTTPHeaders({ 'User-Agent': `${PHONE_AGENT} visitor-${visitor}` })
}

/**
 * Resolves once a request the page starts now has been seen: a report the page sent before it would have been seen
 * first, so 'no report' is then an answer rather than a race.
 */
async function requestsSettled(target: BrowserContext, page: Page): Promise<void> {
  const sentinel = target.waitForEvent('request', (request) => new URL(request.url()).pathname === '/api/health')
  await page.evaluate(() => fetch('/api/health').then(() => undefined))
  await sentinel
}

describe('visitor page served by the service worker', () => {
  it('online counts at the server; offline the re-scan is queued and nothing sent; back online the queue is sent and counted', async () => {
    const { user, shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    const { context, page } = await visitorPage()
    const reports = recordReports(context)

    await firstVisit(page, shareableId)
    expect(await page.evaluate(() => document.querySelector('meta[name="qrtee-served-by"]'))).toBeNull()
    await expect.poll(() => serverScans(user.token), POLL).toBe(1)
    expect(reports, "the server's own page is counted by the server, never reported").toEqual([])

    await context.setOffline(true)
    await page.reload()
    await page.getByText(/^You are offline\. Showing a saved copy from .+\.$/).waitFor()
    await giftCard(page, 'Espresso cups').waitFor()
    expect(await page.evaluate(() => document.querySelector('meta[name="qrtee-served-by"]')?.getAttribute('content'))).toBe('service-worker')
    await expect.poll(() => queuedReports(page)).toHaveLength(1)
    const [queued] = await queuedReports(page)
    expect(queued?.id).toBe(shareableId)
    expect(Date.now() - Date.parse(queued?.at ?? '')).toBeLessThan(5 * 60_000)
    expect(reports).toEqual([])
    expect(await serverScans(user.token)).toBe(1)

    const delivered = page.waitForResponse((response) => isScanReport(response.request()))
    await asAnotherVisitor(context, 1)
    await context.setOffline(false)
    expect((await delivered).status()).toBe(204)
    await expect.poll(() => queuedReports(page)).toEqual([])
    await expect.poll(() => serverScans(user.token), POLL).toBe(2)
    expect(reports).toEqual([`/api/public/profiles/${shareableId}/scans`])

    // Online, the worker still serves the document: the page reports at once with a beacon.
    await asAnotherVisitor(context, 2)
    await page.reload()
    await giftCard(page, 'Espresso cups').waitFor()
    await expect.poll(() => reports.length, POLL).toBe(2)
    await expect.poll(() => serverScans(user.token), POLL).toBe(3)
    expect(await queuedReports(page)).toEqual([])
  })

  it('a prerendered page reports nothing until the visitor actually opens it (prerenderingchange), then reports once', async () => {
    const { user, shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    const { context, page } = await visitorPage()
    // Chromium prerenders only on a speculation rule from another page; here the page is told it is a prerender, and
    // then that it was shown, through the same document.prerendering and event that Chromium uses.
    await context.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => localStorage.getItem('e2e-prerendering') === '1' })
    })
    const reports = recordReports(context)
    await firstVisit(page, shareableId)
    await expect.poll(() => serverScans(user.token), POLL).toBe(1)

    await page.evaluate(() => localStorage.setItem('e2e-prerendering', '1'))
    await page.reload()
    await giftCard(page, 'Espresso cups').waitFor()
    expect(await page.evaluate(() => 'prerendering' in document && document.prerendering === true)).toBe(true)
    await requestsSettled(context, page)
    expect(reports).toEqual([])
    expect(await queuedReports(page)).toEqual([])

    await asAnotherVisitor(context, 1)
    await page.evaluate(() => {
      localStorage.setItem('e2e-prerendering', '0')
      document.dispatchEvent(new Event('prerenderingchange'))
    })
    await expect.poll(() => reports.length, POLL).toBe(1)
    await expect.poll(() => serverScans(user.token), POLL).toBe(2)
  })

  it('the owner, whose marker cookie names this profile, opening the page offline and back online reports nothing', async () => {
    const { user, shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    const { context, page } = await visitorPage()
    // What the owner app sets while its owner is signed in (src/contract/scans.ts).
    await context.addCookies([{ name: SCAN_OWNER_COOKIE, value: shareableId, url: baseUrl() }])
    const reports = recordReports(context)

    await firstVisit(page, shareableId)
    await context.setOffline(true)
    await page.reload()
    await page.getByText(/^You are offline\. Showing a saved copy from .+\.$/).waitFor()
    await giftCard(page, 'Espresso cups').waitFor()
    expect(await queuedReports(page)).toEqual([])

    await context.setOffline(false)
    await page.reload()
    await giftCard(page, 'Espresso cups').waitFor()
    expect(await page.evaluate(() => navigator.onLine)).toBe(true)
    await requestsSettled(context, page)
    expect(await queuedReports(page)).toEqual([])
    expect(reports).toEqual([])

    // A visitor's scan afterwards: once it shows, anything counted before it would show too, and nothing was.
    const visitor = await browser.newContext({ baseURL: baseUrl(), userAgent: PHONE_AGENT })
    try {
      const visitorPage = await visitor.newPage()
      await visitorPage.goto(`/profile/${shareableId}`)
      await giftCard(visitorPage, 'Espresso cups').waitFor()
    } finally {
      await visitor.close()
    }
    await expect.poll(() => serverScans(user.token), POLL).toBeGreaterThan(0)
    expect(await serverScans(user.token)).toBe(1)
  })

  it('an offline re-scan of a redirect profile, sent on by the worker itself, is counted once the network is back', async () => {
    const destination = await startDestination()
    try {
      const { user, shareableId } = await ownerWith({ profileType: 'REDIRECT', redirectUrl: destination.url })
      const { context, page } = await visitorPage()
      // The worker comes with the app's pages; the profile is saved as the visitor page saves it when it loads.
      await page.goto('/login')
      await waitForServiceWorker(page)
      expect(await page.evaluate(async (id) => (await fetch(`/api/profiles/${id}`, { cache: 'no-cache' })).status, shareableId)).toBe(200)
      await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/profiles/${id}`)), shareableId)).toBe(true)
      expect(await serverScans(user.token)).toBe(0)

      await context.setOffline(true)
      // Each offline navigation in a tab of its own, closed after: it ends on Chromium's error page for the
      // destination, which commits after goto has already failed and which Chromium reloads by itself later; either
      // would interrupt the next navigation of the same tab.
      const scan = await context.newPage()
      const sentTo = scan.waitForRequest((request) => request.isNavigationRequest() && request.url() === destination.url)
      await scan.goto(`/profile/${shareableId}`).catch(() => null)
      expect((await sentTo).redirectedFrom()?.url()).toBe(`${baseUrl()}/profile/${shareableId}`)
      await scan.close()
      // A preview link is no scan, offline either.
      const preview = await context.newPage()
      const previewSentTo = preview.waitForRequest((request) => request.isNavigationRequest() && request.url() === destination.url)
      await preview.goto(`/profile/${shareableId}?preview`).catch(() => null)
      expect((await previewSentTo).redirectedFrom()?.url()).toBe(`${baseUrl()}/profile/${shareableId}?preview`)
      await preview.close()

      await context.setOffline(false)
      await page.goto('/login')
      // What the browser does when the network is back: wake the worker with its Background Sync event. Chromium may
      // already have fired it on reconnecting; either way the scan counts once.
      await deliverBackgroundSync(page, 'workbox-background-sync:qrtee-scan-reports')
      await expect.poll(() => serverScans(user.token), POLL).toBe(1)
      await deliverBackgroundSync(page, 'workbox-background-sync:qrtee-scan-reports')
      await page.waitForTimeout(500)
      expect(await serverScans(user.token), 'a delivered report is not sent twice').toBe(1)
    } finally {
      await destination.close()
    }
  })
})

/** Fires the worker's Background Sync event for `tag` through DevTools, as Chromium does when connectivity returns. */
async function deliverBackgroundSync(page: Page, tag: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const own = registrations.find((candidate) => candidate.scopeURL === `${baseUrl()}/` && !candidate.isDeleted)
        if (own) resolve(own)
      })
    })
    await cdp.send('ServiceWorker.enable')
    const { registrationId } = await registration
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseUrl(), registrationId, tag, lastChance: false })
  } finally {
    await cdp.detach()
  }
}
