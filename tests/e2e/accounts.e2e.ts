// Issue 24 in Chromium at 360x740 touch, against a server that mails through a local SMTP sink: forgot password from
// /login to signed in with the new password (the link read from the mail) and the spent link's way forward, confirming
// the email from the owner app's banner, and signing out another device from Profile settings, whose app then says it
// was signed out.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { maskedEmail, RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { SIGNED_OUT_BY_OWNER } from '../../src/contract/devices.ts'
import { linkToken, RESET_SUBJECT, VERIFY_SUBJECT, waitForMail } from '../api/account-mail-helpers.ts'
import { fieldError } from './helpers.ts'
import { keptChangesSentence } from '../../src/features/auth/kept-changes.ts'
import { otherAccountHere, stillSignedInHere } from '../../src/features/auth/password-link-words.ts'
import { mailingServerPerFile } from './mailing-server.ts'
import { addItem, expiredToken, itemName, product, waitForSynced } from './offline-helpers.ts'

const { sink, server, phone } = mailingServerPerFile()

function newUser() {
  const id = randomBytes(5).toString('hex')
  return { username: `acc_${id}`, email: `acc_${id}@example.com`, password: `pw-${id}-long` }
}

async function register(user: ReturnType<typeof newUser>) {
  const res = await fetch(`${server().baseUrl}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(user) })
  expect(res.status).toBe(201)
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).tap()
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
}

/** Two accounts: the owner, whose mail gets the link, and the other one, signed in on the phone that opens it. */
async function phoneOfAnotherAccount() {
  const owner = newUser()
  const other = newUser()
  await register(owner)
  await register(other)
  const page = await phone()
  await signIn(page, other.email, other.password)
  await page.getByRole('heading', { name: `Welcome back, ${other.username}!` }).waitFor()
  return { owner, other, page }
}

/** A new owner signed in on a phone, where the banner asks them to confirm their email (registering mailed a link). */
async function signedInWithBanner() {
  const user = newUser()
  await register(user)
  const page = await phone()
  await signIn(page, user.email, user.password)
  const banner = page.getByTestId('email-verification-banner')
  await banner.waitFor()
  return { user, page, banner }
}

describe('Accounts that stay yours', () => {
  it('forgot password: from /login to signed in with the new password, reading the link from the mail', async () => {
    const user = newUser()
    await register(user)
    const page = await phone()
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).tap()
    await page.waitForURL((url) => url.pathname === '/forgot-password')
    // The router moves the address before the page's lazy chunk has rendered: until then the login page, with its
    // own 'Email' field, is still on screen, and a fill would land there.
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor()
    await page.getByLabel('Email').fill(user.email)
    await page.getByRole('button', { name: 'Send the link' }).tap()
    await page.getByText(RECOVERY_MESSAGES.forgotSent).waitFor()

    const token = linkToken(await waitForMail(sink, user.email, RESET_SUBJECT), server().baseUrl, 'reset-password')
    const landing = page.waitForResponse((response) => new URL(response.url()).pathname === '/reset-password')
    await page.goto(`/reset-password?token=${token}`)
    const headers = (await landing).headers()
    expect(headers['cache-control']).toBe('no-store')
    expect(headers['referrer-policy']).toBe('no-referrer')
    // The token leaves the address bar before the owner does anything; opening the page spent nothing.
    await page.getByRole('button', { name: 'Set new password' }).waitFor()
    expect(page.url()).not.toContain(token)

    await page.getByLabel('New password', { exact: true }).fill('my brand new password')
    await page.getByLabel('Confirm new password').fill('my brand new passwort')
    await page.getByRole('button', { name: 'Set new password' }).tap()
    // Said on the confirmation, the field to fix, as the register form says it.
    await expect.poll(() => fieldError(page, 'Confirm new password')).toBe('Passwords do not match')
    expect(await fieldError(page, 'New password')).toBe('')
    await page.getByLabel('Confirm new password').fill('my brand new password')
    await page.getByRole('button', { name: 'Set new password' }).tap()
    await page.waitForURL((url) => url.pathname === '/login')

    // The same link again: the page asks the server first and, told it is spent, offers 'Ask for a new link' at once.
    await page.goto(`/reset-password?token=${token}`)
    const spent = page.getByRole('alert').filter({ hasText: 'Password not changed' })
    await spent.waitFor()
    expect(await spent.textContent()).toContain(RECOVERY_MESSAGES.resetInvalid)
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Set new password' }).count()).toBe(0)
    await expect.poll(() => spent.evaluate((alert) => alert === document.activeElement)).toBe(true)
    const newLink = page.getByRole('link', { name: 'Ask for a new link' })
    expect((await newLink.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    await newLink.tap()
    await page.waitForURL((url) => url.pathname === '/forgot-password')

    await signIn(page, user.email, 'my brand new password')
    await page.getByRole('heading', { name: `Welcome back, ${user.username}!` }).waitFor()
  })

  it("a reset link opened on a phone signed in to another account names the link's account and leaves the phone's own sign-in", async () => {
    const { owner, other, page } = await phoneOfAnotherAccount()
    expect((await fetch(`${server().baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: owner.email }) })).status).toBe(202)
    const token = linkToken(await waitForMail(sink, owner.email, RESET_SUBJECT), server().baseUrl, 'reset-password')
    // The phone's access token ran out while the mail travelled (made stale here): the page refreshes it to ask.
    await page.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(await page.evaluate(() => localStorage.getItem('token') ?? '')))

    await page.goto(`/reset-password?token=${token}`)
    await page.getByText(`Choose the new password of the account ${maskedEmail(owner.email)}. Every device signed in to it will be signed out.`).waitFor()
    await page.getByText(otherAccountHere(other.username)).waitFor()
    expect(await page.getByText(owner.username).count()).toBe(0)
    await page.getByLabel('New password', { exact: true }).fill('the owner chose this one')
    await page.getByLabel('Confirm new password').fill('the owner chose this one')
    await page.getByRole('button', { name: 'Set new password' }).tap()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText(`${RECOVERY_MESSAGES.resetDone} ${stillSignedInHere(other.username)}`).waitFor()

    // And so it is: the phone's own pages open as before, as the other owner.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${other.username}!` }).waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/dashboard')
  })

  it('a reset link opened on a phone whose own session was signed out elsewhere stays on its page: leaving would lose the link', async () => {
    const { owner, other, page } = await phoneOfAnotherAccount()
    // Another device of that account signs this phone out, whose access token then runs out: the page's refresh is refused.
    const json = { 'Content-Type': 'application/json' }
    const login = await fetch(`${server().baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: other.email, password: other.password }) })
    const { token: elsewhere } = (await login.json()) as { token: string }
    expect((await fetch(`${server().baseUrl}/api/users/me/devices/sign-out-others`, { method: 'POST', headers: { Authorization: `Bearer ${elsewhere}` } })).status).toBe(200)
    await page.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(await page.evaluate(() => localStorage.getItem('token') ?? '')))
    expect((await fetch(`${server().baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: json, body: JSON.stringify({ email: owner.email }) })).status).toBe(202)
    const token = linkToken(await waitForMail(sink, owner.email, RESET_SUBJECT), server().baseUrl, 'reset-password')

    await page.goto(`/reset-password?token=${token}`)
    await page.getByText(`Choose the new password of the account ${maskedEmail(owner.email)}. Every device signed in to it will be signed out.`).waitFor()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await page.waitForTimeout(1_000)
    expect(new URL(page.url()).pathname).toBe('/reset-password')
    await page.getByLabel('New password', { exact: true }).fill('the owner chose this one')
    await page.getByLabel('Confirm new password').fill('the owner chose this one')
    await page.getByRole('button', { name: 'Set new password' }).tap()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByText(RECOVERY_MESSAGES.resetDone, { exact: false }).waitFor()
  })

  it('a taken email on Register offers the reset, with the typed email carried to /forgot-password', async () => {
    const user = newUser()
    await register(user)
    const page = await phone()
    await page.goto('/register')
    await page.getByLabel('Username', { exact: true }).fill(newUser().username)
    await page.getByLabel('Email', { exact: true }).fill(` ${user.email.toUpperCase()} `)
    for (const label of ['Password', 'Confirm password']) await page.getByLabel(label, { exact: true }).fill('password-123')
    await page.getByRole('button', { name: 'Create account' }).tap()
    await page.getByRole('link', { name: 'It is my email: reset the password' }).tap()
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor()
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email.toUpperCase())
    // Carried in the tab, not the address: nothing of it in history or a proxy's log.
    expect(page.url()).not.toContain('@')
    await page.getByRole('button', { name: 'Send the link' }).tap()
    await page.getByText(RECOVERY_MESSAGES.forgotSent).waitFor()
    await waitForMail(sink, user.email, RESET_SUBJECT)
  })

  it("verifies the email from the owner app's banner", async () => {
    const { user, page, banner } = await signedInWithBanner()
    await banner.getByRole('button', { name: 'Send the link again' }).tap()
    await banner.getByText(RECOVERY_MESSAGES.verificationSent).waitFor()
    const token = linkToken(await waitForMail(sink, user.email, VERIFY_SUBJECT, 2), server().baseUrl, 'verify-email')

    await page.goto(`/verify-email?token=${token}`)
    await page.getByRole('button', { name: 'Confirm my email' }).tap()
    await page.getByText(RECOVERY_MESSAGES.verified).waitFor()
    // A link on its own line is a tap target: at least 44 px tall on touch.
    const dashboard = page.getByRole('link', { name: 'Go to your dashboard' })
    expect((await dashboard.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    await dashboard.tap()
    await page.getByRole('heading', { name: `Welcome back, ${user.username}!` }).waitFor()
    await expect.poll(() => page.getByTestId('email-verification-banner').count(), { timeout: 10_000 }).toBe(0)
  })

  it('the banner goes when the link was used on another device and the owner comes back to the app', async () => {
    const { user, page, banner } = await signedInWithBanner()
    const token = linkToken(await waitForMail(sink, user.email, VERIFY_SUBJECT), server().baseUrl, 'verify-email')
    const elsewhere = await phone()
    await elsewhere.goto(`/verify-email?token=${token}`)
    await elsewhere.getByRole('button', { name: 'Confirm my email' }).tap()
    await elsewhere.getByText(RECOVERY_MESSAGES.verified).waitFor()

    // Headless pages never lose focus: the owner switching back to the app is the event the browser then fires.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await banner.waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('the sign-in panel read again and refused keeps what it showed and says so; Try again reads it', async () => {
    const user = newUser()
    await register(user)
    const mine = await phone()
    await signIn(mine, user.email, user.password)
    await mine.goto('/profile/edit')
    const panel = mine.locator('section', { has: mine.getByRole('heading', { name: 'Email and sign-in' }) })
    await panel.getByText(user.email).waitFor()
    // Every read of the account fails while offline and back (the panel reads it again when the connection returns).
    await mine.route('**/api/users/me', (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 503, json: { message: 'Down for a moment' } }) : route.continue()))
    await mine.context().setOffline(true)
    await mine.context().setOffline(false)
    await panel.getByRole('alert').filter({ hasText: 'Your account could not be loaded' }).getByText('Down for a moment').waitFor()
    expect(await panel.getByText(user.email).count()).toBe(1)
    await mine.unroute('**/api/users/me')
    await panel.getByRole('button', { name: 'Try again' }).tap()
    await expect.poll(() => panel.getByText('Your account could not be loaded').count()).toBe(0)
    expect(await panel.getByText(user.email).count()).toBe(1)
  })

  it('signs out another device from Profile settings; that device is told it was signed out', async () => {
    const user = newUser()
    await register(user)
    const mine = await phone()
    const other = await phone()
    await signIn(other, user.email, user.password)
    await signIn(mine, user.email, user.password)
    await mine.goto('/profile/edit')
    const rows = mine.getByTestId('device-row')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    await expect.poll(() => rows.filter({ hasText: '(this device)' }).count()).toBe(1)
    // Each button names one device (alike names are numbered: device-labels.test.ts).
    const names = await rows.filter({ hasNotText: '(this device)' }).getByRole('button', { name: /^Sign out/ }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    expect(names).toHaveLength(2)
    expect(new Set(names).size).toBe(2)
    // Offline the list stays, and says why its buttons wait.
    const everywhere = mine.getByRole('button', { name: 'Sign out everywhere else' })
    await mine.context().setOffline(true)
    await mine.getByText('Connect to the internet to sign out a device.').waitFor()
    expect(await rows.count()).toBe(3)
    await expect.poll(() => everywhere.isDisabled()).toBe(true)
    await mine.context().setOffline(false)
    await expect.poll(() => everywhere.isEnabled()).toBe(true)
    // The list read again after a sign-out fails once: the list stays, says so, and 'Try again' reads it.
    await mine.route('**/api/users/me/devices', (route) => route.fulfill({ status: 503, json: { message: 'Down for a moment' } }), { times: 1 })
    await rows.filter({ hasNotText: '(this device)' }).first().getByRole('button', { name: /^Sign out/ }).tap()
    await mine.getByRole('alert').filter({ hasText: 'Your devices could not be loaded' }).getByText('Down for a moment').waitFor()
    expect(await rows.count()).toBe(3)
    await mine.getByRole('button', { name: 'Try again' }).tap()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2)
    expect(await mine.getByText('Your devices could not be loaded').count()).toBe(0)
    await mine.getByRole('button', { name: 'Sign out everywhere else' }).tap()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)

    // The other device's access token runs out (made stale here); its next call refreshes and is refused.
    await other.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(await other.evaluate(() => localStorage.getItem('token') ?? '')))
    await other.goto('/profile/edit')
    await other.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
    await other.getByText(SIGNED_OUT_BY_OWNER).waitFor({ timeout: 15_000 })
    // Nothing of this device waits to be sent, so nothing is said of it (the count is read after the page shows).
    await other.waitForTimeout(1_500)
    expect(await other.getByText('unsent change', { exact: false }).count()).toBe(0)

    // Another tab of that device, opened on the dashboard before anyone signs in again, is told the same; a reload of
    // /login in the first tab does not say it a second time.
    const otherTab = await other.context().newPage()
    await otherTab.goto('/dashboard')
    await otherTab.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
    await otherTab.getByText(SIGNED_OUT_BY_OWNER).waitFor({ timeout: 15_000 })
    await other.reload()
    await other.getByRole('button', { name: 'Sign in' }).waitFor()
    expect(await other.getByText(SIGNED_OUT_BY_OWNER).count()).toBe(0)
  })

  it("a device signed out elsewhere whose sync worker meets the refusal first is told why on /login too", async () => {
    const user = newUser()
    await register(user)
    const other = await phone()
    await signIn(other, user.email, user.password)
    await other.getByRole('heading', { name: `Welcome back, ${user.username}!` }).waitFor()
    await waitForSynced(other)
    // The owner ends every other session from elsewhere (here: a fresh sign-in through the API).
    const elsewhere = await fetch(`${server().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) })
    const { token } = (await elsewhere.json()) as { token: string }
    expect((await fetch(`${server().baseUrl}/api/users/me/devices/sign-out-others`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBe(200)

    // Which request met a 401 first: only the sync worker calls /api/sync (the page's own calls would be elsewhere).
    const refusals: string[] = []
    other.context().on('response', (response) => {
      if (response.status() === 401) refusals.push(new URL(response.url()).pathname)
    })
    await other.evaluate((stale) => localStorage.setItem('token', stale), expiredToken(await other.evaluate(() => localStorage.getItem('token') ?? '')))
    // A local change, without any navigation: the worker's push is what meets the stale token, then the refused refresh.
    const name = itemName('Pushed after sign-out')
    await addItem(other, product(name))
    await other.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
    await other.getByText(SIGNED_OUT_BY_OWNER).waitFor({ timeout: 15_000 })
    expect(refusals.slice(0, 2)).toEqual(['/api/sync/push', '/api/auth/refresh'])
    // The change the refusal held back is kept, said so, and goes out once the owner signs in again.
    await other.getByRole('status').filter({ hasText: SIGNED_OUT_BY_OWNER }).getByText(keptChangesSentence(1)).waitFor()
    await signIn(other, user.email, user.password)
    await waitForSynced(other)
    await other.getByText(name).first().waitFor()
  })
})
