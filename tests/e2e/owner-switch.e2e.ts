// Another owner signs in on a phone holding the first owner's unsent changes (issue 25, deliverable 4; decision 156).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { baseUrl, launchBrowser } from './browser.ts'
import { storedTokens, type TestUser } from './helpers.ts'
import { addItem, cardTitle, expiredToken, itemName, localCounts, once, openDashboard, product, serverCounts, signIn, waitForSynced } from './offline-helpers.ts'
import { createItemByApi, newOwner, type Owner } from './owner-helpers.ts'
import { layoutProblems } from './phone-layout.ts'
import { axeViolations } from './screen-checks.ts'

let browser: Browser
let context: BrowserContext
let page: Page
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
beforeEach(async () => {
  context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
})

async function signInWithForm(user: TestUser) {
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Owner A edits offline, then the session ends without A asking (refresh token revoked elsewhere): /login. */
async function aliceEditsThenIsSignedOut(alice: Owner, names: string[]) {
  await signIn(page, alice)
  await openDashboard(page, alice)
  await waitForSynced(page)
  await context.setOffline(true)
  for (const name of names) await addItem(page, product(name))
  const { refreshToken } = await storedTokens(page)
  const res = await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken }) })
  expect(res.ok).toBe(true)
  await page.evaluate((value) => localStorage.setItem('token', value), expiredToken(alice.token))
  await context.setOffline(false)
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
  expect((await localCounts(page)).outbox).toBe(names.length)
}

async function expectPhoneScreenClean() {
  expect(await layoutProblems(page, { touch: true })).toEqual([])
  // The sign-in toasts are checked too: their close buttons are named and their text is legible (src/ui/toasts.css).
  expect(await axeViolations(page)).toEqual([])
}

describe('another owner signs in on a device holding unsent changes', () => {
  it("names whose changes they are; 'Sign in as' keeps them and they reach the first owner's account", async () => {
    const [alice, bob] = await Promise.all([newOwner(), newOwner()])
    const names = [itemName('Switch one'), itemName('Switch two'), itemName('Switch three')]
    await aliceEditsThenIsSignedOut(alice, names)

    await signInWithForm(bob)
    await page.waitForURL((url) => url.pathname === '/switch-owner', { timeout: 20_000 })
    await page.getByRole('heading', { name: 'Unsent changes on this device' }).waitFor()
    await page.getByText(`3 unsent changes of @${alice.username} are on this device.`, { exact: true }).waitFor()
    await expectPhoneScreenClean()
    // Nothing of Alice's was sent with Bob's session meanwhile.
    expect(await serverCounts(bob.token, names)).toEqual(Object.fromEntries(names.map((name) => [name, 0])))
    expect(await serverCounts(alice.token, names)).toEqual(Object.fromEntries(names.map((name) => [name, 0])))

    await page.getByRole('button', { name: `Sign in as @${alice.username}` }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    expect((await localCounts(page)).outbox).toBe(3)

    await signInWithForm(alice)
    await page.getByRole('heading', { name: `Welcome back, ${alice.username}!` }).waitFor()
    await expect.poll(() => serverCounts(alice.token, names), { timeout: 30_000 }).toEqual(once(names))
    await waitForSynced(page)
    expect((await localCounts(page)).outbox).toBe(0)
    expect(await serverCounts(bob.token, names)).toEqual(Object.fromEntries(names.map((name) => [name, 0])))
  })

  it('Discard asks with the count, then drops them and shows the newcomer their own data', async () => {
    const [alice, bob] = await Promise.all([newOwner(), newOwner()])
    const bobsItem = itemName("Bob's own")
    await createItemByApi(bob, bobsItem)
    const names = [itemName('Dropped one'), itemName('Dropped two'), itemName('Dropped three')]
    await aliceEditsThenIsSignedOut(alice, names)

    await signInWithForm(bob)
    await page.waitForURL((url) => url.pathname === '/switch-owner', { timeout: 20_000 })
    await page.getByRole('button', { name: 'Discard them' }).click()
    const dialog = page.getByRole('dialog', { name: `Discard 3 unsent changes of @${alice.username}?` })
    await dialog.waitFor()
    await expectPhoneScreenClean()
    // Cancel keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect((await localCounts(page)).outbox).toBe(3)

    await page.getByRole('button', { name: 'Discard them' }).click()
    await dialog.getByRole('button', { name: 'Discard changes' }).click()
    await page.getByRole('heading', { name: `Welcome back, ${bob.username}!` }).waitFor({ timeout: 20_000 })
    await cardTitle(page, bobsItem).waitFor()
    await waitForSynced(page)
    for (const name of names) expect(await page.getByText(name, { exact: true }).count()).toBe(0)
    expect((await localCounts(page)).outbox).toBe(0)
    expect(await serverCounts(alice.token, names)).toEqual(Object.fromEntries(names.map((name) => [name, 0])))
    expect(await serverCounts(bob.token, names)).toEqual(Object.fromEntries(names.map((name) => [name, 0])))
  })
})
