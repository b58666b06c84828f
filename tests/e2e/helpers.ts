// Shared steps of the e2e specs: fresh accounts (each test makes its own), API sign-up, reading a field's error, and
// a gift's card on the visitor page.
import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { baseUrl } from './browser.ts'

export type TestUser = { username: string; email: string; password: string }

export function newUser(): TestUser {
  const id = randomBytes(5).toString('hex')
  return { username: `e2e_${id}`, email: `e2e_${id}@example.com`, password: `pw-${id}-long` }
}

/** Registers through the API (no UI), for tests whose subject is something else. */
export async function registerByApi(user: TestUser = newUser(), origin = baseUrl()): Promise<TestUser & { token: string; refreshToken: string }> {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, email: user.email, password: user.password }),
  })
  const body: unknown = await response.json()
  if (!response.ok || typeof body !== 'object' || body === null || !('token' in body) || !('refreshToken' in body)) {
    throw new Error(`Register failed with ${response.status}: ${JSON.stringify(body)}`)
  }
  return { ...user, token: String(body.token), refreshToken: String(body.refreshToken) }
}

/** The error text Mantine links to an input through aria-describedby, or '' when the field has none. */
export function fieldError(page: Page, label: string): Promise<string> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
    return ids
      .map((id) => document.getElementById(id))
      .filter((element) => element?.className.includes('error'))
      .map((element) => element?.textContent ?? '')
      .join(' ')
      .trim()
  })
}

export function storedTokens(page: Page): Promise<{ token: string | null; refreshToken: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), refreshToken: localStorage.getItem('refreshToken') }))
}

/** A gift's card on the visitor page, found by its name as a screen reader would. */
export function giftCard(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/**
 * Resolves once a service worker controls the page. The worker claims open pages on its first install; a page it
 * did not take (one opened before an update, say) is reloaded once, and `afterReload` waits for it to be ready again.
 */
export async function waitForServiceWorker(page: Page, afterReload?: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await afterReload?.()
}

/** Confirms the purchase on the sheet a Purchase tap opens (decision 148): the item and its price come first. */
export async function confirmPurchase(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Confirm your gift' }).getByRole('button', { name: /^Purchase for / }).click()
}
