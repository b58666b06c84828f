// Personal data through the settings page: 'Export my data' downloads the owner's JSON (online only), and 'Delete
// account' asks for the password, says what will be lost, then signs out with this device's data and private caches gone.
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../../src/contract/account.ts'
import { baseUrl, freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { storedTokens } from './helpers.ts'
import { addItem, installApp, itemName, localCounts, product, serverData, signIn, waitForSynced } from './offline-helpers.ts'
import { newOwner } from './owner-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

/** The keys of the local database's meta table, read with plain IndexedDB. */
function localMetaKeys(on: Page): Promise<string[]> {
  return on.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('qrtee-owner')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      const request = db.transaction('meta', 'readonly').objectStore('meta').getAllKeys()
      return await new Promise<string[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result.map(String))
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  })
}

const notice = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text })

describe('Your data on the profile settings page', () => {
  it("exports the owner's data as a JSON download, refuses it offline with a message, then deletes the account", { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await installApp(page, owner)
    const name = itemName('Exported gift')
    await addItem(page, product(name))
    await waitForSynced(page)
    const { profile } = await serverData(owner.token)
    const shareableId = profile?.shareableId ?? 'missing'
    // A private runtime cache, as a future owner-only route might fill; sign-out must remove it.
    await page.evaluate(() => caches.open('owner-private-e2e').then((cache) => cache.put('/private-e2e', new Response('mine'))))

    await page.goto('/profile/edit')
    await page.getByRole('heading', { name: 'Your data' }).waitFor()

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export my data' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(new RegExp(`^qrtee-export-${owner.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`))
    const text = await readFile(await download.path(), 'utf8')
    const exported = JSON.parse(text)
    expect(exported.account).toMatchObject({ username: owner.username, email: owner.email })
    expect(exported.profile.shareableId).toBe(shareableId)
    expect(exported.wishlistItems.map((item: { name: string }) => item.name)).toEqual([name])
    expect(text).not.toMatch(/argon2|passwordHash|tokenHash/)
    expect(text).not.toContain(owner.refreshToken)

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Export my data' }).click()
    await notice(ACCOUNT_MESSAGES.exportOffline).waitFor()
    expect(await page.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(true)
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('button', { name: 'Delete account' }).isEnabled()).toBe(true)

    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.waitFor()
    const warning = (await dialog.textContent()) ?? ''
    for (const loss of ['your wishlist', 'purchases visitors made', 'your profile', 'QR code on your printed shirt: it will stop working', 'a draft order not yet sent to print is cancelled']) expect(warning).toContain(loss)

    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByText(ACCOUNT_MESSAGES.deletePasswordRequired).waitFor()
    await dialog.getByLabel('Your password').fill('not the password')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByText('Current password is incorrect').waitFor()
    expect((await storedTokens(page)).token).toBeTruthy()
    expect((await fetch(`${baseUrl()}/api/profiles/${shareableId}`)).status).toBe(200)

    await dialog.getByLabel('Your password').fill(owner.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    await notice(ACCOUNT_MESSAGES.deleted).waitFor()

    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    const left = await localCounts(page)
    expect([left.profile, left.items, left.purchases, left.outbox, left.pendingImages, left.notices]).toEqual([0, 0, 0, 0, 0, 0])
    // Only the sync engine's own bookkeeping may be written again after the wipe: nothing says whose data was here.
    expect((await localMetaKeys(page)).filter((key) => !['syncState', 'generation'].includes(key))).toEqual([])
    expect(await page.evaluate(() => caches.keys())).not.toContain('owner-private-e2e')
    expect((await fetch(`${baseUrl()}/api/profiles/${shareableId}`)).status).toBe(404)
    expect((await fetch(`${baseUrl()}/profile/${shareableId}`, { redirect: 'manual' })).status).toBe(404)
    expect((await fetch(`${baseUrl()}/api/profiles`, { headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(401)

    // The same username and email can start again.
    const again = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: owner.username, email: owner.email, password: owner.password }),
    })
    expect(again.status).toBe(201)
  })

  it("ends as a deletion when the first answer was lost: the retry says 'Account deleted' and wipes this device", async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await page.goto('/profile/edit')
    await page.getByRole('heading', { name: 'Your data' }).waitFor()
    expect((await localCounts(page)).profile).toBe(1)

    // The server deletes the account; its answer never reaches the phone.
    let lost = false
    await page.route('**/api/users/me', async (route) => {
      if (route.request().method() !== 'DELETE' || lost) return route.fallback()
      lost = true
      await route.fetch()
      await route.abort('connectionreset')
    })
    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Your password').fill(owner.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await dialog.getByText('The server did not answer').waitFor()
    expect((await fetch(`${baseUrl()}/api/profiles`, { headers: { Authorization: `Bearer ${owner.token}` } })).status).toBe(401)

    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    await notice(ACCOUNT_MESSAGES.deleted).waitFor()
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    const left = await localCounts(page)
    expect([left.profile, left.items, left.outbox]).toEqual([0, 0, 0])
  })

  it("an account deleted on another device: this device's next sync signs it out, says so on /login and wipes its data, the unsent edit too", async () => {
    const owner = await newOwner()
    await signIn(page, owner)
    await page.goto('/dashboard')
    await waitForSynced(page)

    // An edit made offline waits in the outbox; meanwhile the owner deletes the account from their laptop.
    await context.setOffline(true)
    await addItem(page, product(itemName('Never sent')))
    expect((await localCounts(page)).outbox).toBe(1)
    const deleted = await fetch(`${baseUrl()}/api/users/me`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: owner.password }),
    })
    expect(deleted.status).toBe(204)

    // Back online, the sync worker's push is the first call to meet 'This account has been deleted.'
    await context.setOffline(false)
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 45_000 })
    await page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.gone }).waitFor()
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    await expect.poll(async () => localCounts(page), { timeout: 10_000 }).toMatchObject({ profile: 0, items: 0, outbox: 0 })
  })
})
