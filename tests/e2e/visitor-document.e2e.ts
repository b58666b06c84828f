// The visitor's own document on a first scan (decision 062): server-rendered HTML that reads without JavaScript, none
// of the owner's app code, a clean hydration, the theme switch, and one visit being enough for an offline re-scan.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest } from './browser.ts'
import { confirmPurchase, giftCard } from './helpers.ts'
import { ownerWith } from './pwa-helpers.ts'

let browser: Browser
let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ browser, context, page } = fresh)
})

const purchaseButton = (on: Page, item: string) => giftCard(on, item).getByRole('button', { name: 'Purchase' })

describe('first scan', () => {
  it('reads without JavaScript: the server sends the owner, the gifts and their prices, Purchase waiting for the script', async () => {
    const { user, shareableId } = await ownerWith({ profileType: 'WISHLIST', description: 'Coffee and climbing' }, ['Espresso cups'])
    const noScript = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
    try {
      const bare = await noScript.newPage()
      await bare.goto(`/profile/${shareableId}`)
      await bare.getByRole('heading', { level: 1, name: user.username }).waitFor()
      await bare.getByText('Coffee and climbing').waitFor()
      await bare.getByText('€12.50').waitFor()
      expect(await purchaseButton(bare, 'Espresso cups').isDisabled()).toBe(true)
    } finally {
      await noScript.close()
    }
  })

  it("loads none of the owner's app (Mantine, router, Dexie) and no stylesheet file", async () => {
    const { shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    const scripts: Promise<string>[] = []
    let stylesheets = 0
    page.on('response', (response) => {
      const type = response.request().resourceType()
      if (type === 'script') scripts.push(response.text())
      if (type === 'stylesheet') stylesheets++
    })
    await page.goto(`/profile/${shareableId}`)
    await expect.poll(() => purchaseButton(page, 'Espresso cups').isEnabled()).toBe(true)
    const bodies = await Promise.all(scripts)
    expect(bodies.length).toBeGreaterThan(0)
    // Strings each library's build carries: Mantine's component prefix, the router's root route id, Dexie's errors.
    for (const body of bodies) expect(body).not.toMatch(/@mantine\/core|MantineProvider|__root__|DexieError/)
    expect(stylesheets).toBe(0)
  })

  it('hydrates without a mismatch or any console error, and the purchase then works', async () => {
    const { shareableId } = await ownerWith({ profileType: 'WISHLIST', contactInfo: 'me@example.com' }, ['Espresso cups'])
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`/profile/${shareableId}`)
    await purchaseButton(page, 'Espresso cups').click()
    await confirmPurchase(page)
    await page.getByRole('dialog', { name: 'Thank you for your gift!' }).waitFor()
    expect(errors).toEqual([])
  })

  it('one online visit is enough: offline, the re-scan opens the saved copy', async () => {
    const { user, shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    await page.goto(`/profile/${shareableId}`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    // The page asks for its profile again once the worker controls it; that answer is the saved copy.
    await expect.poll(() => page.evaluate(async (id) => Boolean(await caches.match(`/api/profiles/${id}`)), shareableId)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    await page.getByText(/^You are offline\. Showing a saved copy from .+\.$/).waitFor()
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor()
    await purchaseButton(page, 'Espresso cups').waitFor()
    // Offline, Purchase is disabled, and the page says why (issue 23).
    await expect.poll(() => purchaseButton(page, 'Espresso cups').isDisabled()).toBe(true)
    await page.getByText('You are offline. Purchasing needs a connection; try again when you are back online.').waitFor()
  })

  it('the theme switch applies at once and is remembered under vite-ui-theme, as in the app', async () => {
    const { shareableId } = await ownerWith({ profileType: 'CUSTOM_TEXT', customText: 'Hello' })
    await page.goto(`/profile/${shareableId}`)
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))
    const dark = page.getByRole('radio', { name: 'Dark' })
    // The server's switch is disabled until the script has hydrated the page.
    await expect.poll(() => dark.isEnabled()).toBe(true)
    await dark.check({ force: true })
    expect(await scheme()).toBe('dark')
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark')
    await page.reload()
    await page.getByText('Hello').waitFor()
    await expect.poll(scheme).toBe('dark')
  })
})
