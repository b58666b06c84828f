// Login CSRF through /oauth/callback: a forged link carrying another account's tokens must not sign this browser in,
// nor touch the owner's session and unsynced changes; a callback answering a sign-in this tab started does sign in.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SIGN_IN_STATE_KEY } from '../../src/features/auth/oauth-callback.ts'
import { freshPagePerTest, WITH_SERVICE_WORKER } from './browser.ts'
import { storedTokens } from './helpers.ts'
import { addItem, cardTitle, installApp, itemName, localCounts, once, product, serverCounts, signIn } from './offline-helpers.ts'
import { newOwner, type Owner } from './owner-helpers.ts'

let context: BrowserContext
let page: Page
freshPagePerTest((fresh) => {
  ;({ context, page } = fresh)
})

const callbackLink = (tokens: Pick<Owner, 'token' | 'refreshToken'>, signInState?: string) => {
  const query = new URLSearchParams({ token: tokens.token, refreshToken: tokens.refreshToken })
  if (signInState !== undefined) query.set('signInState', signInState)
  return `/oauth/callback?${query.toString()}`
}

const ignoredNotice = (on: Page) => on.getByRole('alert').filter({ hasText: 'Sign-in link ignored' })

function expectNoTokenInAddress(on: Page, tokens: Pick<Owner, 'token' | 'refreshToken'>) {
  const url = new URL(on.url())
  expect(url.pathname).toBe('/oauth/callback')
  expect(url.search).toBe('?link=ignored')
  expect(on.url()).not.toContain(tokens.token)
  expect(on.url()).not.toContain(tokens.refreshToken)
}

describe('a forged /oauth/callback link', () => {
  it("leaves a signed-in owner signed in as themselves, with the unsynced change kept, and says the link was ignored", { tags: [WITH_SERVICE_WORKER] }, async () => {
    const owner = await newOwner()
    const attacker = await newOwner()
    await signIn(page, owner)
    // Installed, so the offline navigation to the link still gets the app from the service worker.
    await installApp(page, owner)
    await context.setOffline(true)
    const name = itemName('Unsynced before the forged link')
    await addItem(page, product(name))
    const before = await storedTokens(page)
    expect((await localCounts(page)).outbox).toBe(1)

    await page.goto(callbackLink(attacker))
    await ignoredNotice(page).waitFor()
    expect(await ignoredNotice(page).textContent()).toContain('You are still signed in as before')
    expectNoTokenInAddress(page, attacker)
    expect(await storedTokens(page)).toEqual(before)
    const kept = await localCounts(page)
    expect([kept.outbox, kept.items]).toEqual([1, 1])

    await page.getByRole('link', { name: 'Back to your dashboard' }).click()
    await page.getByRole('heading', { name: `Welcome back, ${owner.username}!` }).waitFor()
    await cardTitle(page, name).waitFor()
    await context.setOffline(false)
    // The change reaches the owner's own account, never the attacker's.
    await expect.poll(() => serverCounts(owner.token, [name]), { timeout: 30_000 }).toEqual(once([name]))
    expect(await serverCounts(attacker.token, [name])).toEqual({ [name]: 0 })
  })

  it('does not sign in a browser that has no session either, and the Back button never shows the tokens', async () => {
    const attacker = await newOwner()
    await page.goto('/')
    await page.goto(callbackLink(attacker))
    await ignoredNotice(page).waitFor()
    expect(await ignoredNotice(page).textContent()).toContain('You are not signed in')
    expectNoTokenInAddress(page, attacker)
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
    expect(page.url()).not.toContain(attacker.token)
  })

  it("is ignored in another tab than the one that started the sign-in, even with that tab's value", async () => {
    const owner = await newOwner()
    await page.goto('/')
    await page.evaluate(({ key }) => sessionStorage.setItem(key, 'started-in-the-first-tab'), { key: SIGN_IN_STATE_KEY })
    const other = await context.newPage()
    await other.goto(callbackLink(owner, 'started-in-the-first-tab'))
    await ignoredNotice(other).waitFor()
    expect(await storedTokens(other)).toEqual({ token: null, refreshToken: null })
  })
})

describe('a callback answering a sign-in this tab started', () => {
  it('is ignored all the same when it carries tokens: only a one-time code is ever exchanged (decision 134), and the value is spent', async () => {
    const owner = await newOwner()
    await page.goto('/')
    // What 'Continue with Google' stores before leaving; the server echoes it as ?signInState= (decision 079).
    await page.evaluate(({ key }) => sessionStorage.setItem(key, 'value-of-this-sign-in'), { key: SIGN_IN_STATE_KEY })
    await page.goto(callbackLink(owner, 'value-of-this-sign-in'))
    await ignoredNotice(page).waitFor()
    expect(page.url()).not.toContain(owner.token)
    expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null })
    expect(await page.evaluate(({ key }) => sessionStorage.getItem(key), { key: SIGN_IN_STATE_KEY })).toBeNull()
  })
})
