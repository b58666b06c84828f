// The visitor's own document on a first scan (decisions 062, 176): server-rendered HTML that reads without JavaScript,
// none of the owner's app code, no React before the first Purchase tap and a clean hydration then, the theme switch
// and the stored scheme in the first paint, and one visit being enough for an offline re-scan.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
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

  it("runs no React before the first Purchase tap: 'More', Share and the theme work without it, and the tap hydrates cleanly into the sheet", async () => {
    const description = `${'Coffee, climbing and long walks with friends. '.repeat(5)}Thank you for scanning!`
    const { shareableId } = await ownerWith({ profileType: 'WISHLIST', description }, ['Espresso cups'])
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const scripts: Promise<string>[] = []
    page.on('response', (response) => {
      // The service worker's precache fetches every file of the build, this page's later code included.
      if (response.request().resourceType() === 'script' && !response.request().serviceWorker()) scripts.push(response.text())
    })
    // No share sheet here: Share copies the link, and says so in a toast.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
      const clipboard = { writeText: async (text: string) => void Object.assign(window, { copiedLink: text }) }
      Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true })
    })
    // React marks the element it runs; before the tap, #root carries no such mark.
    const reactRuns = () => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))
    await page.goto(`/profile/${shareableId}`)

    const more = page.locator('.qv-head .qv-more')
    await expect.poll(() => more.isEnabled()).toBe(true)
    await more.click()
    expect(await more.textContent()).toBe('Less')
    expect(await more.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('radio', { name: 'Dark' }).check({ force: true })
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')
    // The toast shows over the header's switch (top right), so the switch goes first.
    await page.getByRole('button', { name: 'Share' }).click()
    await page.getByText('Link copied').waitFor()
    expect(await page.evaluate(() => (window as unknown as { copiedLink?: string }).copiedLink)).toBe(`${baseUrl()}/profile/${shareableId}`)
    await page.waitForLoadState('networkidle')
    expect(await reactRuns()).toBe(false)
    // React's production build names its error page in every copy; no script of the first visit carries it.
    for (const body of await Promise.all(scripts)) expect(body).not.toContain('react.dev/errors')

    await purchaseButton(page, 'Espresso cups').click()
    await page.getByRole('dialog', { name: 'Confirm your gift' }).getByText('€12.50').first().waitFor()
    expect(await reactRuns()).toBe(true)
    // What the visitor did before React stays as they left it.
    expect(await more.textContent()).toBe('Less')
    expect(await page.getByRole('radio', { name: 'Dark', includeHidden: true }).isChecked()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark')
    await confirmPurchase(page)
    await page.getByRole('dialog', { name: 'Thank you for your gift!' }).waitFor()
    expect(errors).toEqual([])
  })

  it('the first Purchase tap is answered at once while React loads; a load that fails says so, and the next tap opens the sheet', async () => {
    const { shareableId } = await ownerWith({ profileType: 'WISHLIST' }, ['Espresso cups'])
    // No worker: it would fetch the code itself, out of the route's reach (it is not what this test is about).
    const phone = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
    try {
      const visitor = await phone.newPage()
      // React's code for the page (visitor-main.tsx's chunk) is held, then refused: a connection that drops mid-load.
      let release: (ok: boolean) => void = () => undefined
      const answered = new Promise<boolean>((resolve) => (release = resolve))
      let asked = 0
      await phone.route(/\/assets\/visitor-main-[\w-]+\.js$/, async (route) => {
        asked++
        if (asked === 1 && !(await answered)) return route.abort('internetdisconnected')
        return route.continue()
      })
      await visitor.goto(`/profile/${shareableId}`)
      const purchase = purchaseButton(visitor, 'Espresso cups')
      await expect.poll(() => purchase.isEnabled()).toBe(true)

      await purchase.tap()
      // Before any of React has arrived, the tapped button already says that something is happening.
      await expect.poll(() => purchase.getAttribute('aria-busy')).toBe('true')
      expect(await visitor.evaluate(() => getComputedStyle(document.querySelector('[aria-busy="true"]')!, '::before').animationName)).toBe('qv-spin')
      await expect.poll(() => asked).toBe(1)
      release(false)
      await visitor.getByText('Payment failed').waitFor()
      await expect.poll(() => purchase.getAttribute('aria-busy')).toBe(null)
      expect(await visitor.getByRole('dialog').count()).toBe(0)

      await purchase.tap()
      await visitor.getByRole('dialog', { name: 'Confirm your gift' }).getByText('€12.50').first().waitFor()
      // React hydrated the server's button as it was rendered: the busy mark was the plain page's, and it is gone.
      expect(await purchase.getAttribute('aria-busy')).toBe(null)
      expect(asked).toBe(2)
    } finally {
      await phone.close()
    }
  })

  it('one online visit is enough: offline, the re-scan opens the saved copy', { tags: [WITH_SERVICE_WORKER] }, async () => {
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
    // The server's switch is disabled until the page's script has run.
    await expect.poll(() => dark.isEnabled()).toBe(true)
    await dark.check({ force: true })
    expect(await scheme()).toBe('dark')
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark')
    await page.reload()
    await page.getByText('Hello').waitFor()
    await expect.poll(scheme).toBe('dark')
  })

  it("paints the first frame in the visitor's stored scheme, before the page's script has run, within the CSP", async () => {
    const { shareableId } = await ownerWith({ profileType: 'CUSTOM_TEXT', customText: 'Hello' })
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    // The page's module never arrives: what is on screen is the server's HTML and the document's inline theme line.
    await page.route('**/assets/profile-*.js', (route) => route.abort())
    const firstPaint = async (stored: string) => {
      await page.evaluate((choice) => localStorage.setItem('vite-ui-theme', choice), stored)
      await page.reload()
      await page.getByText('Hello').waitFor()
      return page.evaluate(() => [document.documentElement.getAttribute('data-mantine-color-scheme'), getComputedStyle(document.body).backgroundColor])
    }
    await page.goto(`/profile/${shareableId}`)
    expect(await firstPaint('dark')).toEqual(['dark', 'rgb(36, 36, 36)'])
    expect(await firstPaint('light')).toEqual(['light', 'rgb(255, 255, 255)'])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await firstPaint('system')).toEqual(['dark', 'rgb(36, 36, 36)'])
    expect(refused).toEqual([])
  })
})
