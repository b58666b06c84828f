// Google sign-in in Chromium against a real local OpenID Connect provider (oauth2-mock-server): Login -> 'Continue with
// Google' -> provider -> /oauth/callback's one-time code exchanged by POST -> /dashboard, with no token or code in the
// address bar or any history entry; the page the owner came
// from; a cancelled sign-in; 'Set a password'; and a forged callback link that leaves the session and its pending
// change alone. This spec starts its own server (GOOGLE_* and OIDC_ISSUER pointing at the provider it runs), so the
// shared e2e server keeps Google sign-in off for every other spec.
import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SIGN_IN_FAILURE_MESSAGES } from '../../src/features/auth/oauth-callback.ts'
import { type AppServer, startAppLikeNpmStart } from '../app-server.ts'
import { type OidcProvider, startOidcProvider } from '../fakes/oidc-provider.ts'
import { launchBrowser, serviceWorkersFor, WITH_SERVICE_WORKER } from './browser.ts'
import { storedTokens } from './helpers.ts'
import { addItem, installApp, itemName, localCounts, product } from './offline-helpers.ts'

let provider: OidcProvider
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  provider = await startOidcProvider()
  server = await startAppLikeNpmStart({
    RATE_LIMIT_SCALE: '20',
    GOOGLE_CLIENT_ID: 'qrtee-e2e-client',
    GOOGLE_CLIENT_SECRET: 'qrtee-e2e-secret',
    OIDC_ISSUER: provider.issuer,
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await provider?.stop()
})
beforeEach(async ({ task }) => {
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers: serviceWorkersFor(task) })
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
})

/** A Google account whose email's local part is a valid, unused username, so the new account's name is known. */
function googleAccount() {
  const id = randomBytes(4).toString('hex')
  return { sub: `e2e-google-${id}`, email: `gsign_${id}@gmail.test`, email_verified: true, username: `gsign_${id}` }
}

/** The 'Continue with Google' button once it is enabled. */
async function googleButton(on: Page) {
  const button = on.getByRole('button', { name: 'Continue with Google' })
  // Enabled once GET /api/public/config answers, after the app's first load in a fresh context: on a loaded 2-core
  // machine that took longer than expect.poll's default second (and a cancelled test then left denyNext armed).
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true)
  return button
}

async function continueWithGoogle(on: Page) {
  await (await googleButton(on)).click()
}

/** Every entry of this tab's session history, as Chromium keeps it (not only the ones a page can reach). */
async function historyUrls(on: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(on)
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as { entries: { url: string }[] }
  await cdp.detach()
  return entries.map((entry) => entry.url)
}

async function signInWithGoogle(on: Page, account: ReturnType<typeof googleAccount>, from = '/login') {
  provider.signInAs(account)
  await on.goto(from)
  await continueWithGoogle(on)
}

describe('Google sign-in', () => {
  it("Login -> 'Continue with Google' -> provider -> /dashboard, and no token in the address bar or history", async () => {
    const account = googleAccount()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const landing = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth/callback')
    await signInWithGoogle(page, account)
    await page.getByRole('heading', { name: `Welcome back, ${account.username}!` }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    // The landing page is never cached, and nothing but this app and the provider's one navigation is ever asked.
    expect((await landing).headers()['cache-control']).toBe('no-store')
    expect(requested.filter((url) => !url.startsWith(server.baseUrl)).map((url) => new URL(url).origin)).toEqual([provider.issuer])

    const tokens = await storedTokens(page)
    expect(tokens.token).toBeTruthy()
    expect(tokens.refreshToken).toBeTruthy()
    expect(page.url()).not.toContain('token')
    const history = await historyUrls(page)
    for (const url of history) {
      expect(url).not.toContain(tokens.token)
      expect(url).not.toContain(tokens.refreshToken)
      expect(url).not.toContain('signInState')
      // Decision 134: the one-time code left the address before anything rendered, and no token ever was in it.
      expect(url).not.toMatch(/[?&](code|token|refreshToken)=/)
    }
    const ours = history.filter((url) => url.startsWith(server.baseUrl))
    expect(ours.map((url) => new URL(url).pathname)).toEqual(['/login', '/dashboard'])
    // The tab's value was spent by the callback.
    expect(await page.evaluate(() => sessionStorage.getItem('qrtee:oauth-sign-in-state'))).toBeNull()

    await page.goBack()
    await page.waitForURL((url) => url.pathname !== '/dashboard')
    expect(page.url()).not.toContain(tokens.token ?? '')
  })

  it('returns to the page the owner came from, where a Google-only account is offered "Set a password"', async () => {
    const account = googleAccount()
    provider.signInAs(account)
    // A fresh sign-in at Google (auth_time now): setting a password needs a recent sign-in (issue 24).
    provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    await page.goto('/profile/edit')
    await page.waitForURL((url) => url.pathname === '/login')
    await continueWithGoogle(page)
    await page.waitForURL((url) => url.pathname === '/profile/edit')
    await page.getByRole('heading', { name: 'Set a password' }).waitFor()
    expect(await page.getByLabel('Current password').count()).toBe(0)

    await page.getByLabel('New password', { exact: true }).fill('my first password')
    await page.getByLabel('Confirm new password').fill('my first password')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('heading', { name: 'Change password' }).waitFor()
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'my first password' }),
    })
    expect(login.status).toBe(200)
  })

  it('a Google-only account deletes itself from the settings page by typing its username', async () => {
    const account = googleAccount()
    // Deleting needs a recent sign-in (issue 24): Google reports a fresh auth_time.
    provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    await signInWithGoogle(page, account)
    await page.getByRole('heading', { name: `Welcome back, ${account.username}!` }).waitFor()
    await page.goto('/profile/edit')
    const remove = page.getByRole('button', { name: 'Delete account' })
    await expect.poll(() => remove.isEnabled()).toBe(true)
    await remove.click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    const typed = dialog.getByLabel('Your username')
    await typed.waitFor()
    expect(await dialog.getByLabel('Your password').count()).toBe(0)
    await typed.fill('somebody else')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByText('The username you typed does not match this account.').waitFor()
    await typed.fill(account.username)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    expect((await fetch(`${server.baseUrl}/api/profiles/${account.username}`)).status).toBe(404)
  })

  it("a sign-in cancelled at Google comes back to /login saying 'Login failed' and why", async () => {
    await page.goto('/login')
    const button = await googleButton(page)
    // Armed only when the click is sure to happen, so a failure above cannot deny the next test's sign-in.
    provider.denyNext()
    await button.click()
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain(SIGN_IN_FAILURE_MESSAGES.cancelled)
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
  })

  it('a forged /oauth/callback?token=... link is refused and leaves the session and its pending change alone', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = googleAccount()
    await signInWithGoogle(page, owner)
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    // Installed, so the offline navigation to the link still gets the app from the service worker.
    await installApp(page, owner)

    // The attacker's own account, signed in elsewhere; its tokens go into the link.
    const attackerTab = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' })
    const attackerPage = await attackerTab.newPage()
    await signInWithGoogle(attackerPage, googleAccount())
    await attackerPage.waitForURL((url) => url.pathname === '/dashboard')
    const attacker = await storedTokens(attackerPage)
    await attackerTab.close()

    await context.setOffline(true)
    await addItem(page, product(itemName('Pending before the forged link')))
    const before = await storedTokens(page)
    expect((await localCounts(page)).outbox).toBe(1)

    await page.goto(`/oauth/callback?${new URLSearchParams({ token: attacker.token ?? '', refreshToken: attacker.refreshToken ?? '' }).toString()}`)
    const ignored = page.getByRole('alert').filter({ hasText: 'Sign-in link ignored' })
    await ignored.waitFor()
    expect(await ignored.textContent()).toContain('You are still signed in as before')
    expect(page.url()).not.toContain(attacker.token ?? '')
    for (const url of await historyUrls(page)) expect(url).not.toContain(attacker.token ?? '')
    expect(await storedTokens(page)).toEqual(before)
    expect((await localCounts(page)).outbox).toBe(1)
    await context.setOffline(false)
  })
})
