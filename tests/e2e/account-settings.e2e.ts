// Issue 24's settings in Chromium at 360x740 touch: the email change from Profile settings, asked for the current
// password when the session's sign-in is old; a Google-only owner confirming with a fresh Google sign-in that comes
// back to settings; and 'Disconnect Google'. Own server: SMTP sink and a local OpenID Connect provider.
import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { GOOGLE_LINK_MESSAGES } from '../../server/accounts/account-settings.ts'
import { VERIFY_SUBJECT, waitForMail } from '../api/account-mail-helpers.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { serviceWorkersOfEachTest, WITH_SERVICE_WORKER } from './browser.ts'
import { googleServerPerFile } from './google-server.ts'
import { waitForServiceWorker } from './helpers.ts'
import { ageSession } from './offline-helpers.ts'
import { registeredOwner, signInOnLogin } from './owner-helpers.ts'
import { GOOGLE_CONNECTED_TEXT, SIGN_IN_FAILURE_MESSAGES } from '../../src/features/auth/oauth-callback.ts'

const sink = new SmtpSink()
const { provider, server, phoneContext } = googleServerPerFile({ sink })
const serviceWorkers = serviceWorkersOfEachTest()

async function phone(): Promise<Page> {
  return (await phoneContext(serviceWorkers())).newPage()
}

const id = () => randomBytes(4).toString('hex')

async function expectTappable(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox()
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
}

/**
 * A Google-only owner signed in on a new phone, at /dashboard. The sign-in is fresh, so the owner can set a password
 * at once: Google can only be disconnected when another method stays.
 */
async function freshGoogleOwner(tag: string) {
  const n = id()
  const account = { sub: `e2e-${tag}-${n}`, email: `g${tag}_${n}@gmail.test`, email_verified: true, username: `g${tag}_${n}` }
  const page = await phone()
  provider().signInAs(account)
  provider().tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
  await page.goto('/login')
  await continueWithGoogle(page)
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
  return { page, account }
}

async function continueWithGoogle(page: Page) {
  const button = page.getByRole('button', { name: 'Continue with Google' })
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true)
  await button.tap()
}

describe('Email and sign-in settings', () => {
  it('changes the email from Profile settings; an older session is asked for the current password first', async () => {
    const user = await registeredOwner('set', server().baseUrl)
    const page = await phone()
    await signInOnLogin(page, user)
    await ageSession(page)

    await page.goto('/profile/edit')
    await page.getByText(`Your email: ${user.email}`).waitFor({ timeout: 15_000 })
    const newEmail = `${user.username}_new@example.com`
    await page.getByLabel('New email').fill(newEmail)
    await expectTappable(page, 'Change email')
    await page.getByRole('button', { name: 'Change email' }).tap()
    const confirm = page.getByTestId('recent-sign-in-confirm')
    await confirm.getByText(RECOVERY_MESSAGES.recentSignInRequired).waitFor()
    // The 403 is about the change: the owner is still signed in, on the same page.
    expect(new URL(page.url()).pathname).toBe('/profile/edit')

    await confirm.getByLabel('Your current password').fill('not my password')
    await confirm.getByRole('button', { name: 'Confirm' }).tap()
    await page.getByText('Current password is incorrect').waitFor()
    await confirm.getByLabel('Your current password').fill(user.password)
    await expectTappable(page, 'Confirm')
    await confirm.getByRole('button', { name: 'Confirm' }).tap()
    await page.getByText(RECOVERY_MESSAGES.emailChanged).waitFor()
    await page.getByText(`Your email: ${newEmail}`).waitFor()
    await waitForMail(sink, newEmail, VERIFY_SUBJECT)
  })

  it('a Google-only owner confirms with a fresh Google sign-in, comes back to settings and changes the email', async () => {
    const n = id()
    const account = { sub: `e2e-set-${n}`, email: `gset_${n}@gmail.test`, email_verified: true, username: `gset_${n}` }
    const page = await phone()
    provider().signInAs(account)
    await page.goto('/login')
    await continueWithGoogle(page)
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
    await ageSession(page)

    await page.goto('/profile/edit')
    await page.getByText(`Your email: ${account.email}`).waitFor({ timeout: 15_000 })
    const newEmail = `gset_${n}_new@example.com`
    await page.getByLabel('New email').fill(newEmail)
    await page.getByRole('button', { name: 'Change email' }).tap()
    const confirm = page.getByTestId('recent-sign-in-confirm')
    await confirm.getByText(RECOVERY_MESSAGES.recentSignInRequired).waitFor()
    expect(await confirm.getByLabel('Your current password').count()).toBe(0)
    await expectTappable(page, 'Confirm with Google')

    provider().signInAs(account)
    provider().tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    const departure = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/oauth/google')
    await confirm.getByRole('button', { name: 'Confirm with Google' }).tap()
    expect(new URL((await departure).url()).searchParams.get('fresh')).toBe('1')
    await page.waitForURL((url) => url.pathname === '/profile/edit', { timeout: 30_000 })
    await page.getByText(`Your email: ${account.email}`).waitFor({ timeout: 15_000 })
    await page.getByLabel('New email').fill(newEmail)
    await page.getByRole('button', { name: 'Change email' }).tap()
    await page.getByText(RECOVERY_MESSAGES.emailChanged).waitFor()
    await page.getByText(`Your email: ${newEmail}`).waitFor()
  })

  it('connects Google from Profile settings and comes back there with Google connected', async () => {
    const n = id()
    const user = await registeredOwner('con', server().baseUrl)
    const page = await phone()
    await signInOnLogin(page, user)
    await page.goto('/profile/edit')
    await page.getByText('Google is not connected to this account.').waitFor({ timeout: 15_000 })
    await expectTappable(page, 'Connect Google')
    // Another address than the account's: the explicit connection does not depend on the email.
    provider().signInAs({ sub: `e2e-con-${n}`, email: `other_${n}@gmail.test`, email_verified: true })
    await page.getByRole('button', { name: 'Connect Google' }).tap()
    await page.waitForURL((url) => url.pathname === '/profile/edit', { timeout: 30_000 })
    await page.getByRole('button', { name: 'Disconnect Google' }).waitFor({ timeout: 15_000 })
    await page.getByText(GOOGLE_CONNECTED_TEXT).waitFor()
    // The round trip kept this browser's session: the registration's and this browser's, not a third one beside them.
    await expect.poll(() => page.getByTestId('device-row').count(), { timeout: 15_000 }).toBe(2)
  })

  it('a Google account that belongs to another owner is refused back in Profile settings, the owner still signed in', async () => {
    const n = id()
    const google = { sub: `e2e-taken-${n}`, email: `taken_${n}@gmail.test`, email_verified: true, username: `taken_${n}` }
    const holder = await phone()
    provider().signInAs(google)
    await holder.goto('/login')
    await continueWithGoogle(holder)
    await holder.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })

    const user = await registeredOwner('ref', server().baseUrl)
    const page = await phone()
    await signInOnLogin(page, user)
    await page.goto('/profile/edit')
    await page.getByText('Google is not connected to this account.').waitFor({ timeout: 15_000 })
    provider().signInAs(google)
    await page.getByRole('button', { name: 'Connect Google' }).tap()
    await page.waitForURL((url) => url.pathname === '/profile/edit', { timeout: 30_000 })
    await page.getByText(SIGN_IN_FAILURE_MESSAGES.already_linked).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Connect Google' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy()
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: `Welcome back, ${user.username}!` }).waitFor()
  })

  it('disconnects Google from Profile settings after confirming with the password', async () => {
    const { page } = await freshGoogleOwner('dis')
    // Until the server says whether this account has a password, the password part offers no field: typing there
    // once landed in 'Change password', which the answer then replaced by an empty 'Set a password'.
    const answer = holdRequests(page, '/api/users/me/sign-in-methods')
    await page.goto('/profile/edit')
    await page.getByText('You sign in with Google. Set a password before you can disconnect it.').waitFor({ timeout: 15_000 })
    await page.getByText('Checking how you sign in…').waitFor()
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0)
    answer()
    await page.getByRole('heading', { name: 'Set a password' }).waitFor({ timeout: 15_000 })
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('')
    await page.getByLabel('New password', { exact: true }).fill('my google password')
    await page.getByLabel('Confirm new password').fill('my google password')
    await page.getByRole('button', { name: 'Set password' }).tap()
    // Hashing the password is the slow part of this step on a loaded machine.
    await page.getByRole('heading', { name: 'Change password' }).waitFor({ timeout: 60_000 })

    await ageSession(page)
    await page.reload()
    await expectTappable(page, 'Disconnect Google')
    await page.getByRole('button', { name: 'Disconnect Google' }).tap()
    const confirm = page.getByTestId('recent-sign-in-confirm')
    await confirm.getByText(RECOVERY_MESSAGES.recentSignInRequired).waitFor()
    await confirm.getByLabel('Your current password').fill('my google password')
    await confirm.getByRole('button', { name: 'Confirm' }).tap()
    await page.getByText(GOOGLE_LINK_MESSAGES.disconnected).waitFor()
    await page.getByText('Google is not connected to this account.').waitFor()
  })

  it('what a Google-only owner typed offline into the password part moves to "Set a password" when the answer comes', { tags: [WITH_SERVICE_WORKER] }, async () => {
    const { page, account } = await freshGoogleOwner('off')
    const welcome = () => page.getByRole('heading', { name: /^Welcome/ }).waitFor({ timeout: 15_000 })
    await welcome()
    // Under the service worker, as an installed app: the settings route's code then loads offline.
    await waitForServiceWorker(page, welcome)

    // Offline nobody can ask, so the page offers the spec's default, 'Change password', with the offline notice.
    await page.context().setOffline(true)
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Profile' }).tap()
    await page.getByRole('link', { name: 'Edit profile' }).tap()
    await page.getByRole('heading', { name: 'Change password' }).waitFor({ timeout: 15_000 })
    await page.getByText('You are offline. Connect to the internet to change your password.').waitFor()
    await page.getByLabel('New password', { exact: true }).fill('typed while offline')
    await page.getByLabel('Confirm new password').fill('typed while offline')

    await page.context().setOffline(false)
    await page.getByRole('heading', { name: 'Set a password' }).waitFor({ timeout: 15_000 })
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('typed while offline')
    expect(await page.getByLabel('Confirm new password').inputValue()).toBe('typed while offline')
    await page.getByRole('button', { name: 'Set password' }).tap()
    await page.getByRole('heading', { name: 'Change password' }).waitFor({ timeout: 60_000 })
    const signIn = await fetch(`${server().baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'typed while offline' }),
    })
    expect(signIn.status).toBe(200)
  })
})

/** Holds every request to `pathname` until the returned function is called, then lets them all through. */
function holdRequests(page: Page, pathname: string): () => void {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  void page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}
