// Shared steps of the offline-sync specs: signed-in owners, the product dialog, the sync badge, the server's view of the data, and the local database.
import type { BrowserContext, Page, Request } from 'playwright-core'
import * as v from 'valibot'
import { baseUrl } from './browser.ts'
import { waitForServiceWorker } from './helpers.ts'
import { syncBadge, type Owner } from './owner-helpers.ts'

export type Product = { name: string; brand: string; price: string; description: string }

const ChangesSchema = v.object({
  profile: v.optional(v.looseObject({ id: v.string(), shareableId: v.string() })),
  items: v.array(v.looseObject({ id: v.string(), name: v.string(), storedImageId: v.nullable(v.string()) })),
})

export function product(name: string): Product {
  return { name, brand: 'Acme', price: '12.50', description: `A gift called ${name}.` }
}

/** A unique item name per test, so a doubled write can never hide behind another test's item. */
export function itemName(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`
}

/** Puts the owner's tokens into the context's localStorage, as a sign-in would. */
export async function signIn(page: Page, owner: Pick<Owner, 'token' | 'refreshToken'>): Promise<void> {
  if (new URL(page.url()).origin !== baseUrl()) await page.goto('/')
  await page.evaluate((t) => {
    localStorage.setItem('token', t.token)
    localStorage.setItem('refreshToken', t.refreshToken)
  }, owner)
}

/** The dashboard with its grid loaded from the local database. */
export async function openDashboard(page: Page, owner: Pick<Owner, 'username'>, path = '/dashboard'): Promise<void> {
  await page.goto(path)
  await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
}

/** The dashboard under the service worker, as an installed app's page: offline steps can then load any route chunk. */
export async function installApp(page: Page, owner: Pick<Owner, 'username'>): Promise<void> {
  await openDashboard(page, owner)
  await waitForServiceWorker(page, () => page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor())
}

/** Adds an item through the '?modal=new' dialog (opened by the banner's button, so no navigation reaches the network). */
export async function addItem(page: Page, item: Product): Promise<void> {
  await page.getByRole('link', { name: 'Add wishlist item' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Product Name').fill(item.name)
  await dialog.getByLabel('Brand').fill(item.brand)
  await dialog.getByLabel('Price').fill(item.price)
  await dialog.getByLabel('Description').fill(item.description)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'detached' })
  await cardTitle(page, item.name).waitFor()
}

/** The card of an item in the wishlist grid, found by its exact name. */
export function cardTitle(page: Page, name: string) {
  return page.getByText(name, { exact: true }).first()
}

export async function waitForSynced(page: Page, timeout = 45_000): Promise<void> {
  await syncBadge(page).filter({ hasText: /^Synced at / }).waitFor({ timeout })
}

/** The owner's data as the server holds it: GET /api/sync/changes?cursor=0 (a full snapshot). */
export async function serverData(token: string) {
  const res = await fetch(`${baseUrl()}/api/sync/changes?cursor=0&limit=1000`, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET /api/sync/changes answered ${res.status}`)
  return v.parse(ChangesSchema, await res.json())
}

/** The owner's wishlist in the server's order: GET /api/wishlist-items/profile/{profileId}. */
export async function serverWishlist(token: string): Promise<string[]> {
  const profileId = (await serverData(token)).profile?.id ?? ''
  const res = await fetch(`${baseUrl()}/api/wishlist-items/profile/${profileId}`, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET /api/wishlist-items/profile answered ${res.status}`)
  return v.parse(v.array(v.looseObject({ name: v.string() })), await res.json()).map((item) => item.name)
}

/** How many server items carry each of `names`: exactly-once means every count is 1. */
export async function serverCounts(token: string, names: string[]): Promise<Record<string, number>> {
  const { items } = await serverData(token)
  return Object.fromEntries(names.map((name) => [name, items.filter((item) => item.name === name).length]))
}

export const once = (names: string[]): Record<string, number> => Object.fromEntries(names.map((name) => [name, 1]))

/** Row counts of every table of the local database, read with plain IndexedDB (no app code involved). */
export function localCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('qrtee-owner')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      const names = [...db.objectStoreNames]
      const tx = db.transaction(names, 'readonly')
      const counts = await Promise.all(
        names.map(
          (name) =>
            new Promise<[string, number]>((resolve, reject) => {
              const request = tx.objectStore(name).count()
              request.onsuccess = () => resolve([name, request.result])
              request.onerror = () => reject(request.error)
            }),
        ),
      )
      return Object.fromEntries(counts)
    } finally {
      db.close()
    }
  })
}

export const isPush = (request: Request): boolean => request.method() === 'POST' && new URL(request.url()).pathname === '/api/sync/push'

/** Counts requests of the whole context (pages and their workers) that match. */
export function countRequests(context: BrowserContext, matches: (request: Request) => boolean): { readonly count: number } {
  const counter = { count: 0 }
  context.on('request', (request) => {
    if (matches(request)) counter.count += 1
  })
  return counter
}

/**
 * Counts matching requests that got an answer. A request a closing page started and abandoned (its worker died while
 * the lock was held) never reached the server, so it spends no refresh token and must not count.
 */
export function countAnsweredRequests(context: BrowserContext, matches: (request: Request) => boolean): { readonly count: number } {
  const counter = { count: 0 }
  context.on('requestfinished', (request) => {
    if (matches(request)) counter.count += 1
  })
  return counter
}

/** An access token the server refuses as expired: the real one with `exp` in the past (the signature no longer matches). */
export function expiredToken(token: string): string {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) throw new Error('not a JWT')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
  const past = Math.floor(Date.now() / 1000) - 3600
  const stale = Buffer.from(JSON.stringify({ ...claims, iat: past - 900, exp: past })).toString('base64url')
  return `${header}.${stale}.${signature}`
}

/** The access token is made stale, so the app refreshes: the new token carries no recent sign-in. */
export async function ageSession(page: Page): Promise<void> {
  await page.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(await page.evaluate(() => localStorage.getItem('token') ?? '')))
}
