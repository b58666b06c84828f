// Shared steps of the owner journeys: a signed-in owner, the server's view of their data, the sync badge and toasts.
import { randomBytes } from 'node:crypto'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import * as v from 'valibot'
import { expect } from 'vitest'
import { baseUrl } from './browser.ts'
import { registerByApi, type TestUser } from './helpers.ts'

export type Owner = TestUser & { token: string; refreshToken: string; profileId: string; shareableId: string }

const OwnProfileSchema = v.object({ id: v.string(), shareableId: v.string() })
export const ServerItemSchema = v.looseObject({ id: v.string(), name: v.string(), price: v.number(), storedImageId: v.optional(v.nullable(v.string()), null) })
export type ServerItem = v.InferOutput<typeof ServerItemSchema>
/** The visitor's view carries only the fields of its type (the others read as absent). */
export const PublicProfileSchema = v.looseObject({
  profileType: v.string(),
  customText: v.optional(v.string()),
  redirectUrl: v.optional(v.string()),
  socialLinks: v.optional(v.array(v.looseObject({ platform: v.string(), url: v.string() }))),
})

export async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : null }
}

/** A fresh account made through the API, with its profile's ids. */
export async function newOwner(as?: TestUser): Promise<Owner> {
  const user = await registerByApi(as)
  const own = v.parse(OwnProfileSchema, (await api('/api/profiles', { token: user.token })).json)
  return { ...user, profileId: own.id, shareableId: own.shareableId }
}

/** The owner's items as the server has them (the access token from sign-up stays valid for the test). */
export async function serverItems(owner: Owner): Promise<ServerItem[]> {
  const response = await api(`/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
  if (response.status !== 200) throw new Error(`GET items failed: ${response.status}`)
  return v.parse(v.array(ServerItemSchema), response.json)
}

export async function serverItemNamed(owner: Owner, name: string): Promise<ServerItem | undefined> {
  return (await serverItems(owner)).find((item) => item.name === name)
}

export async function createItemByApi(owner: Owner, name: string): Promise<string> {
  const body = { name, brand: 'Acme', price: 25, description: 'Something I would enjoy a lot.' }
  const created = await api(`/api/wishlist-items/profile/${owner.profileId}`, { method: 'POST', token: owner.token, body })
  if (created.status !== 201) throw new Error(`create item failed: ${created.status} ${JSON.stringify(created.json)}`)
  return v.parse(v.object({ id: v.string() }), created.json).id
}

export async function publicProfile(owner: Owner): Promise<v.InferOutput<typeof PublicProfileSchema>> {
  return v.parse(PublicProfileSchema, (await api(`/api/profiles/${owner.shareableId}`)).json)
}

/** A new password account `<prefix>_<8 hex digits>` on the server at `origin` (a spec's own server, or the shared one). */
export function registeredOwner(prefix: string, origin = baseUrl()): Promise<TestUser> {
  const n = randomBytes(4).toString('hex')
  return registerByApi({ username: `${prefix}_${n}`, email: `${prefix}_${n}@example.com`, password: `pw-${n}-long` }, origin)
}

/** Signs `user` in as a phone owner does, on /login's form, and waits for the dashboard. */
export async function signInOnLogin(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).tap()
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
}

/** Every page of `context` starts signed in as `owner`: the tokens are stored before any of the app's code runs. */
export async function signedInBeforeLoad(context: BrowserContext, owner: Pick<Owner, 'token' | 'refreshToken'>): Promise<void> {
  await context.addInitScript((t) => {
    localStorage.setItem('token', t.token)
    localStorage.setItem('refreshToken', t.refreshToken)
  }, owner)
}

/** A new page of `context` (a phone's, say) signed in as `owner` before anything loads, opened at `path`. */
export async function signedInPageAt(context: BrowserContext, owner: Owner, path: string): Promise<Page> {
  await signedInBeforeLoad(context, owner)
  const page = await context.newPage()
  await page.goto(path)
  return page
}

/** Stores the tokens as a sign-in would and opens the dashboard once the first sync has brought the profile. */
export async function openDashboardAs(page: Page, owner: Owner): Promise<void> {
  await page.goto('/')
  await page.evaluate((t) => {
    localStorage.setItem('token', t.token)
    localStorage.setItem('refreshToken', t.refreshToken)
  }, owner)
  await page.goto('/dashboard')
  await page.getByText(`Welcome back, ${owner.username}!`).waitFor()
}

/** The header's sync indicator, the button named 'Sync status: ...'. */
export function syncBadge(page: Page): Locator {
  return page.getByRole('button', { name: /^Sync status: / })
}

/** The sync badge's words, e.g. 'Synced at 10:42', 'Offline · 1 pending'. */
export async function syncBadgeText(page: Page): Promise<string> {
  return ((await syncBadge(page).getAttribute('aria-label')) ?? '').replace(/^Sync status: /, '')
}

/**
 * Runs `action` and waits for a toast titled `title` that was not there before, so repeated toasts are told apart. The
 * toasts already shown are marked rather than counted: they close on their own while the action runs.
 */
export async function expectToast(page: Page, title: string, action: () => Promise<unknown>): Promise<void> {
  await page.locator('.mantine-Notification-title').evaluateAll((titles) => titles.forEach((t) => t.setAttribute('data-seen-toast', '')))
  const fresh = page.locator('.mantine-Notification-title:not([data-seen-toast])', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
  await action()
  await fresh.first().waitFor({ timeout: 10_000 })
}

/** Polls the server until `read` gives what the test expects (the sync engine sends changes shortly after a write). */
export function eventually<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 20_000, interval: 250 })
}

export const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`

export async function fillProduct(dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel('Product Name').fill(name)
  await dialog.getByLabel('Brand').fill('Acme')
  await dialog.getByLabel('Price').fill('49.99')
  await dialog.getByLabel('Description').fill('A warm hoodie in my size, please.')
}

/** A PNG of the given colour made by the page's canvas, so a replacement is a different file from the first. */
export async function pngOf(page: Page, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas')
    canvas.width = 40
    canvas.height = 30
    const context2d = canvas.getContext('2d')
    if (context2d) {
      context2d.fillStyle = fill
      context2d.fillRect(0, 0, 40, 30)
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? ''
  }, colour)
  return { name: `${colour}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

/** The item names in the page's local database (IndexedDB 'qrtee-owner'), read without the app's code. */
export function localItemNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const open = indexedDB.open('qrtee-owner')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = db.transaction('items').objectStore('items').getAll()
    const names = await new Promise<string[]>((resolve, reject) => {
      all.onsuccess = () => resolve(all.result.map((item: { name: string }) => item.name))
      all.onerror = () => reject(all.error)
    })
    db.close()
    return names
  })
}
