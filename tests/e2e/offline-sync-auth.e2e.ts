// Offline sync and the session: tokens that expire while offline, a refused refresh, two tabs refreshing at once, and logout with unsynced changes.
// @module-tag service-worker
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { unsyncedChangesWarning } from '../../src/sync/status.ts'
import { baseUrl, freshPagePerTest } from './browser.ts'
import { storedTokens, type TestUser } from './helpers.ts'
import {
  addItem,
  cardTitle,
  countAnsweredRequests,
  expiredToken,
  installApp,
  itemName,
  localCounts,
  once,
  openDashboard,
  product,
  serverCounts,
  signIn,
  waitForSynced,
} from './offline-helpers.ts'
import { newOwner } from './owner-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

async function signInWithForm(user: TestUser) {
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Revokes a refresh token on the server, as a logout on another device would. */
async function revoke(refreshToken: string) {
  const res = await fetch(`${baseUrl()}/api/auth/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  })
  if (!res.ok) throw new Error(`logout answered ${res.status}`)
}

const setAccessToken = (token: string) => page.evaluate((value) => localStorage.setItem('token', value), token)

describe('an access token that expires while offline', () => {
  it('is refreshed once back online: the edit reaches the server and localStorage holds a rotated pair', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    await context.setOffline(true)
    const stale = expiredToken(owner.token)
    await setAccessToken(stale)
    const name = itemName('Edited with an expired token')
    await addItem(page, product(name))
    await context.setOffline(false)

    await expect.poll(() => serverCounts(owner.token, [name]), { timeout: 20_000 }).toEqual(once([name]))
    await waitForSynced(page)
    const tokens = await storedTokens(page)
    expect(tokens.token).toBeTruthy()
    expect(tokens.token).not.toBe(stale)
    expect(tokens.refreshToken).toBeTruthy()
    expect(tokens.refreshToken).not.toBe(owner.refreshToken)
    expect(new URL(page.url()).pathname).toBe('/dashboard')
  })

  it('with a revoked refresh token too: /login, the outbox is kept, and after signing in again the entry reaches the server', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)

    await context.setOffline(true)
    const name = itemName('Kept across a lost session')
    await addItem(page, product(name))
    const { refreshToken } = await storedTokens(page)
    await revoke(refreshToken ?? '')
    await setAccessToken(expiredToken(owner.token))
    await context.setOffline(false)

    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    const kept = await localCounts(page)
    expect([kept.outbox, kept.items]).toEqual([1, 1])
    expect(await serverCounts(owner.token, [name])).toEqual({ [name]: 0 })

    await signInWithForm(owner)
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    await cardTitle(page, name).waitFor()
    await expect.poll(() => serverCounts(owner.token, [name]), { timeout: 20_000 }).toEqual(once([name]))
    await waitForSynced(page)
    expect((await localCounts(page)).outbox).toBe(0)
  })
})

describe('two tabs needing a refresh at the same moment', () => {
  it('make exactly one POST /api/auth/refresh and both keep the session', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)
    const other = await context.newPage()
    await openDashboard(other, owner)
    await waitForSynced(other)

    const refreshes = countAnsweredRequests(context, (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/refresh')
    // A slow refresh answer keeps the first refresh in flight while the other tab asks for its own.
    await context.route('**/api/auth/refresh', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 750))
      await route.continue()
    })
    // Both tabs share localStorage: with only the refresh token left, each tab's guard (and the sync worker) must refresh.
    await page.evaluate(() => localStorage.removeItem('token'))
    await Promise.all([page.reload(), other.reload()])
    for (const tab of [page, other]) {
      await tab.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
      await waitForSynced(tab)
    }
    const name = itemName('After the shared refresh')
    await addItem(other, product(name))
    await expect.poll(() => serverCounts(owner.token, [name]), { timeout: 20_000 }).toEqual(once([name]))

    expect(refreshes.count).toBe(1)
    const tokens = await storedTokens(page)
    expect(tokens.token).toBeTruthy()
    expect(tokens.refreshToken).not.toBe(owner.refreshToken)
    expect(new URL(other.url()).pathname).toBe('/dashboard')
  })
})

describe('logout with unsynced changes', () => {
  it("warns with the count and needs a choice: Cancel keeps everything, 'Log out anyway' clears the local database", async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    // Installed: offline, the /login screen's code comes from the service worker's precache.
    await installApp(page, owner)
    await waitForSynced(page)

    await context.setOffline(true)
    const names = [itemName('Unsynced one'), itemName('Unsynced two')]
    for (const name of names) await addItem(page, product(name))

    await page.getByRole('button', { name: 'Logout' }).click()
    const dialog = page.getByRole('dialog', { name: 'Log out?' })
    await dialog.getByText(unsyncedChangesWarning(2) ?? 'missing warning', { exact: false }).waitFor()
    expect(await dialog.textContent()).toContain('You have 2 changes that are not synced yet')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    for (const name of names) await cardTitle(page, name).waitFor()
    expect((await localCounts(page)).outbox).toBe(2)
    expect((await storedTokens(page)).token).toBeTruthy()

    await page.getByRole('button', { name: 'Logout' }).click()
    await dialog.getByRole('button', { name: 'Log out anyway' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    const left = await localCounts(page)
    expect([left.profile, left.items, left.purchases, left.outbox, left.pendingImages, left.notices]).toEqual([0, 0, 0, 0, 0, 0])

    await context.setOffline(false)
    const second = await newOwner()
    await signInWithForm(second)
    await page.getByRole('heading', { name: `Welcome back, ${second.username}!` }).waitFor()
    await waitForSynced(page)
    for (const name of names) expect(await page.getByText(name, { exact: true }).count()).toBe(0)
    expect((await localCounts(page)).items).toBe(0)
    expect(await serverCounts(second.token, names)).toEqual({ [names[0] ?? '']: 0, [names[1] ?? '']: 0 })
  })

  // The worker claims the tab that installed it (sw/sw.ts clientsClaim), so offline its unloaded route chunks still load.
  it('logs out offline in the first visit (before any reload) and still shows the /login screen', async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await openDashboard(page, owner)
    await waitForSynced(page)
    // No reload: the worker that this very visit installed takes the tab as soon as it has precached the app.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    await context.setOffline(true)
    for (const label of ['First-visit one', 'First-visit two']) await addItem(page, product(itemName(label)))
    const dialog = page.getByRole('dialog', { name: 'Log out?' })
    await page.getByRole('button', { name: 'Logout' }).click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Logout' }).click()
    await dialog.getByRole('button', { name: 'Log out anyway' }).click()
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 10_000 })
    await page.waitForTimeout(2_000)
    expect(new URL(page.url()).pathname).toBe('/login')
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
  })
})
