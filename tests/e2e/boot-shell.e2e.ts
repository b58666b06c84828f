// The owner app's boot shell (decision 178): painted with the document on an owner screen, in the stored colour scheme,
// before the app's code has run; gone once the app has rendered its page, or the login page after a refused session.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, freshContextPerTest, type FreshContext } from './browser.ts'
import { registerByApi } from './helpers.ts'

let fresh: FreshContext
freshContextPerTest((given) => {
  fresh = given
})

const storeSession = (page: Page, tokens: { token: string; refreshToken: string }, theme: string) =>
  page.evaluate(
    ([pair, choice]) => {
      localStorage.setItem('token', pair.token)
      localStorage.setItem('refreshToken', pair.refreshToken)
      localStorage.setItem('vite-ui-theme', choice)
    },
    [tokens, theme] as const,
  )

const shellCount = (page: Page) => page.locator('#boot-shell').count()

/** A page of a signed-in browser as the document and its stylesheet paint it alone: no service worker, no app code. */
async function withoutAppCode(path: string, theme: string): Promise<Page> {
  const owner = await registerByApi()
  const context = await fresh.browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
  await page.goto('/login')
  await storeSession(page, owner, theme)
  await page.goto(path)
  return page
}

describe('the boot shell', () => {
  it.each([
    ['/dashboard', 'light'],
    ['/dashboard', 'dark'],
    ['/profile/edit', 'dark'],
  ])('is the first thing a signed-in owner sees of %s, in the %s scheme, before any app code has run', async (path, theme) => {
    const page = await withoutAppCode(path, theme)
    const shell = page.locator('#boot-shell')
    await shell.waitFor({ state: 'visible' })
    expect(await shell.getByText('QR Tee').isVisible()).toBe(true)
    expect(await shell.getByText('Purchases').isVisible()).toBe(true)
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(theme)
    const background = await shell.evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(background).toBe(theme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)')
    await page.context().close()
  })

  it('is not shown on /login, which is no owner screen, though the browser is signed in', async () => {
    const page = await withoutAppCode('/login', 'dark')
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark')
    expect(await page.locator('#boot-shell').isVisible()).toBe(false)
    await page.context().close()
  })

  it('leaves when the dashboard has rendered, and the dashboard takes taps', async () => {
    const owner = await registerByApi()
    const page = await fresh.context.newPage()
    await page.goto('/login')
    await storeSession(page, owner, 'dark')
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'Add wishlist item' }).click()
    await page.getByRole('dialog', { name: 'New product' }).waitFor()
    expect(await shellCount(page)).toBe(0)
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-boot-shell'))).toBe(false)
  })

  it('leaves for the login page when the stored session is refused', async () => {
    const page = await fresh.context.newPage()
    await page.goto('/login')
    // No access token and a refresh token the server refuses: the guard's refresh fails and it sends the tab to /login.
    await storeSession(page, { token: '', refreshToken: 'not-a-refresh-token' }, 'light')
    await page.goto('/dashboard')
    await page.waitForURL(/\/login/)
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    expect(await shellCount(page)).toBe(0)
  })
})
