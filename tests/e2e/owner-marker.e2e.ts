// The owner marker in Chromium (decision 105): signed in, the app marks the owner's own profile with a first-party
// cookie, the owner's look at their page is not counted while a visitor's is, and logging out removes the marker.
import type { Browser, BrowserContext } from 'playwright-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCAN_OWNER_COOKIE } from '../../src/contract/scans.ts'
import { baseUrl, launchBrowser } from './browser.ts'
import { api, newOwner, openDashboardAs } from './owner-helpers.ts'

// Headless Chromium's own agent is (rightly) a bot to the counter: both people here use ordinary browsers.
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const markerIn = async (context: BrowserContext) => (await context.cookies(baseUrl())).find((cookie) => cookie.name === SCAN_OWNER_COOKIE)

describe('the owner marker', () => {
  it("is set while the owner is signed in, keeps the owner's own visit out of the count, and goes at logout", async () => {
    const owner = await newOwner()
    const ownerContext = await browser.newContext({ baseURL: baseUrl(), userAgent: LAPTOP, serviceWorkers: 'block' })
    const visitorContext = await browser.newContext({ baseURL: baseUrl(), userAgent: PHONE, serviceWorkers: 'block' })
    try {
      const page = await ownerContext.newPage()
      await openDashboardAs(page, owner)
      await expect.poll(async () => (await markerIn(ownerContext))?.value, { timeout: 20_000 }).toBe(owner.shareableId)
      expect(await markerIn(ownerContext)).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false })

      // The owner looks at their own page, then a visitor does; the server writes both in its next flush (or the
      // owner's earlier), so once the visitor's scan is stored, the owner's would be too.
      const own = await ownerContext.newPage()
      expect((await own.goto(`/profile/${owner.shareableId}`))?.status()).toBe(200)
      await own.close()
      const visitor = await visitorContext.newPage()
      expect((await visitor.goto(`/profile/${owner.shareableId}`))?.status()).toBe(200)
      const totals = async () => v.parse(v.object({ totalScans: v.number() }), (await api('/api/stats/scans?days=1', { token: owner.token })).json).totalScans
      await expect.poll(totals, { timeout: 20_000 }).toBeGreaterThan(0)
      expect(await totals()).toBe(1)

      await page.getByRole('button', { name: 'Logout' }).click()
      await page.getByText('Logged out').waitFor()
      expect(await markerIn(ownerContext)).toBeUndefined()
    } finally {
      await Promise.all([ownerContext.close(), visitorContext.close()])
    }
  })

  it("makes the public header say 'Dashboard' to a signed-in owner instead of 'Sign In' and 'Sign up', and those again after logout", async () => {
    const owner = await newOwner()
    const context = await browser.newContext({ baseURL: baseUrl(), userAgent: LAPTOP, serviceWorkers: 'block' })
    try {
      const page = await context.newPage()
      await openDashboardAs(page, owner)
      await expect.poll(async () => (await markerIn(context))?.value, { timeout: 20_000 }).toBe(owner.shareableId)

      const site = await context.newPage()
      await site.goto('/')
      const header = site.getByRole('banner')
      await header.getByRole('link', { name: 'Dashboard', exact: true }).waitFor()
      expect(await header.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe('/dashboard')
      expect(await header.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0)
      expect(await header.getByRole('link', { name: 'Sign up', exact: true }).count()).toBe(0)

      await page.getByRole('button', { name: 'Logout' }).click()
      await page.getByText('Logged out').waitFor()
      await site.reload()
      await header.getByRole('link', { name: 'Sign up', exact: true }).waitFor()
      expect(await header.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(1)
      expect(await header.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
