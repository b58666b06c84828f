// The app frame end to end: every route exists, the 404 page, the theme choice, canonical URLs, the service worker.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'

let page: Page
freshPagePerTest((fresh) => {
  ;({ page } = fresh)
})

const colorScheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))
const storedTheme = () => page.evaluate(() => localStorage.getItem('vite-ui-theme'))
const canonical = () =>
  page.evaluate(() => ({
    link: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    og: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  }))

describe('routes', () => {
  it.each([
    ['/', 'Scan. Wear. Surprise.'],
    ['/register', 'Create your account'],
    ['/login', 'Sign in'],
    ['/demo/wishlist', 'Demo wishlist'],
    ['/help-center', 'Help Center'],
  ])('%s exists and shows its heading', async (path, heading) => {
    await page.goto(path)
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
  })

  it("the landing page links 'Sign In' to /dashboard and 'Sign up' / 'Create Free Profile' to /register", async () => {
    await page.goto('/')
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe('/dashboard')
    expect(await page.getByRole('link', { name: 'Sign up', exact: true }).getAttribute('href')).toBe('/register')
    expect(await page.getByRole('link', { name: 'Create Free Profile' }).getAttribute('href')).toBe('/register')
  })

  it("an unknown route shows '404', 'Oops! Page not found' and 'Return to Home' to /", async () => {
    await page.goto('/no/such/page')
    await page.getByText('404', { exact: true }).waitFor()
    await page.getByText('Oops! Page not found').waitFor()
    const home = page.getByRole('link', { name: 'Return to Home' })
    expect(await home.getAttribute('href')).toBe('/')
    await home.click()
    await page.getByRole('heading', { name: 'Scan. Wear. Surprise.' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
  })
})

describe('theme', () => {
  it("is light by default and keeps the choice in localStorage 'vite-ui-theme' across reloads", async () => {
    await page.goto('/login')
    expect(await colorScheme()).toBe('light')
    expect(await storedTheme()).toBeNull()

    await page.getByTitle('Dark').click()
    await expect.poll(colorScheme).toBe('dark')
    expect(await storedTheme()).toBe('dark')
    await page.reload()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await colorScheme()).toBe('dark')

    await page.getByTitle('System').click()
    await expect.poll(storedTheme).toBe('system')
    await page.reload()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true)
  })
})

describe('canonical URL', () => {
  it('follows the path without a trailing slash, also after client-side navigation', async () => {
    await page.goto('/help-center/')
    await page.getByRole('heading', { name: 'Help Center' }).waitFor()
    await expect.poll(canonical).toEqual({ link: `${baseUrl()}/help-center`, og: `${baseUrl()}/help-center` })

    await page.getByRole('link', { name: 'QR Tee', exact: true }).click()
    await page.getByRole('heading', { name: 'Scan. Wear. Surprise.' }).waitFor()
    await expect.poll(canonical).toEqual({ link: baseUrl(), og: baseUrl() })
  })
})

describe('service worker', { tags: [WITH_SERVICE_WORKER] }, () => {
  // The app registers it; the prerendered public pages do not (decision 096: they load none of the owner app's code).
  it('registers in the built app and becomes ready', async () => {
    await page.goto('/login')
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.scope))
    expect(scope).toBe(`${baseUrl()}/`)
  })
})

describe('a test without the service-worker tag', () => {
  // Decision 189: the helpers' contexts block the worker unless asked, so its install does not cost every test.
  it('gets a context where the app asks to register the worker and none is registered', async () => {
    let blocked = false
    page.on('console', (message) => {
      if (message.text().includes('Service Worker registration blocked')) blocked = true
    })
    await page.goto('/login')
    await expect.poll(() => blocked).toBe(true)
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
  })
})
