// Scan counts on the owner's Dashboard in Chromium: real visits counted by the server reach the 'Scans' card and the
// 30-day chart through the sync feed, and both still show after an offline start.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshContextPerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { installApp, localCounts, openDashboard, signIn, waitForSynced } from './offline-helpers.ts'
import { api, eventually, newOwner, type Owner, syncBadge } from './owner-helpers.ts'
import { UNIQUE_VISITORS_HELP } from '../../src/features/scans/scan-stat-card.tsx'

let browser: Browser
let context: BrowserContext
freshContextPerTest((fresh) => {
  ;({ browser, context } = fresh)
})

// Headless Chromium says 'HeadlessChrome', which the server rightly takes for a bot; visitors use ordinary browsers.
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'

/** A visitor opens the owner's public page in a browser of their own (no cookies, no cache, no service worker). */
async function visit(owner: Owner, userAgent: string): Promise<void> {
  const visitor = await browser.newContext({ baseURL: baseUrl(), userAgent })
  try {
    const page = await visitor.newPage()
    const response = await page.goto(`/profile/${owner.shareableId}`)
    expect(response?.status()).toBe(200)
  } finally {
    await visitor.close()
  }
}

const StatsSchema = v.object({ totalScans: v.number(), totalVisitors: v.number() })

/** The server's own count (GET /api/stats/scans), once its batched flush has written the visits. */
async function serverTotals(owner: Owner): Promise<v.InferOutput<typeof StatsSchema>> {
  const { status, json } = await api('/api/stats/scans?days=30', { token: owner.token })
  if (status !== 200) throw new Error(`GET /api/stats/scans answered ${status}`)
  return v.parse(StatsSchema, json)
}

const scansValue = (page: Page) => page.getByLabel(/^Scans: /).getAttribute('aria-label')
const scanCard = (page: Page) => page.getByLabel(/^Scans: /).locator('xpath=..')
const chart = (page: Page) => page.getByRole('figure', { name: 'Scans in the last 30 days' })

async function expectScansShown(page: Page): Promise<void> {
  await expect.poll(() => scansValue(page), { timeout: 20_000 }).toBe('Scans: 2')
  expect(await scanCard(page).innerText()).toContain('2 unique visitors · last 30 days')
  const summary = await chart(page).getByRole('img').getAttribute('aria-label')
  expect(summary).toMatch(/^Scans per day, .+: 2 scans and 2 daily unique visitors in all, most on .+ \(2 scans\)$/)
  // The day-by-day table: 30 UTC days, today (the last) with every scan, the other 29 zero.
  const rows = chart(page).getByRole('table', { name: 'Scans and unique visitors per day' }).locator('tbody tr')
  expect(await rows.count()).toBe(30)
  const cells = (row: number) => rows.nth(row).locator('td').allInnerTexts()
  expect(await cells(29)).toEqual(['2', '2'])
  for (const row of [0, 15, 28]) expect(await cells(row)).toEqual(['0', '0'])
}

describe('scan counts on the Dashboard', () => {
  it("shows a new owner 'Scans: 0' with 'No scans yet — share your QR code' and an empty chart", async () => {
    const owner = await newOwner()
    const page = await context.newPage()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)
    expect(await scansValue(page)).toBe('Scans: 0')
    expect(await scanCard(page).innerText()).toContain('No scans yet — share your QR code')
    await chart(page).getByText('No scans in the last 30 days.').waitFor()
    // The feed carried the whole window, zeros included.
    expect((await localCounts(page)).scanDays).toBe(30)
  })

  it('counts four visits of two visitors within 30 minutes as two scans, shows them on the card and the chart, and again after an offline start', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    // A visitor's scans of a profile within 30 minutes count once (decision 128).
    for (const userAgent of [PHONE, PHONE, LAPTOP, PHONE]) await visit(owner, userAgent)
    await eventually(() => serverTotals(owner)).toEqual({ totalScans: 2, totalVisitors: 2 })

    const page = await context.newPage()
    await signIn(page, owner)
    await installApp(page, owner)
    await waitForSynced(page)
    await expectScansShown(page)
    expect((await localCounts(page)).scanDays).toBe(30)
    await page.close()

    // Offline start: a new tab of the installed app, with no network at all, reads the counts from the local database.
    await context.setOffline(true)
    const offline = await context.newPage()
    await openDashboard(offline, owner)
    await syncBadge(offline).filter({ hasText: /^Offline/ }).waitFor()
    await expectScansShown(offline)
  })

  it("explains 'unique visitors' on the Profile tab of a phone: a tap on the info button shows the tooltip's text", async () => {
    const owner = await newOwner()
    await visit(owner, PHONE)
    await eventually(() => serverTotals(owner)).toEqual({ totalScans: 1, totalVisitors: 1 })
    // A phone of its own: a touch screen at 360x740, where only a tap (no hover) can open the tooltip.
    const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
    try {
      const page = await phone.newPage()
      await signIn(page, owner)
      await openDashboard(page, owner)
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).tap()
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor()
      await expect.poll(() => scansValue(page), { timeout: 20_000 }).toBe('Scans: 1')
      expect(await scanCard(page).innerText()).toContain('1 unique visitor · last 30 days')
      await scanCard(page).getByRole('button', { name: 'What are unique visitors?' }).tap()
      const tooltip = page.getByRole('tooltip')
      await tooltip.waitFor()
      expect(await tooltip.innerText()).toBe(UNIQUE_VISITORS_HELP)
      expect(UNIQUE_VISITORS_HELP).toBe(
        'Different people who opened your page on a day, each counted once that day. Someone who comes back on another day counts again.',
      )
    } finally {
      await phone.close()
    }
  })
})
