// Issue 24's account screens when a call fails, in Chromium at 360x740 touch: Profile settings' sections say why they
// could not load and load again on 'Try again'; a mailed link (confirm email, reset password) whose call got no
// answer or a 5xx can be tried again without opening the mail again. Own server mailing through a local SMTP sink.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { NO_ANSWER, SERVER_TROUBLE } from '../../src/lib/network-words.ts'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { linkToken, RESET_SUBJECT, VERIFY_SUBJECT, waitForMail } from '../api/account-mail-helpers.ts'
import { newUser, registerByApi } from './helpers.ts'
import { mailingServerPerFile } from './mailing-server.ts'
import { layoutProblems } from './phone-layout.ts'

const { sink, server, phone } = mailingServerPerFile()

/** Answers GETs of `path` with `status` and {message} until the returned function is called; then the server answers. */
async function failGets(page: Page, path: string, status: number, message: string): Promise<() => void> {
  let failing = true
  await page.route(
    (url) => url.pathname === path,
    (route) => (failing && route.request().method() === 'GET' ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) }) : route.fallback()),
  )
  return () => {
    failing = false
  }
}

describe('Profile settings when the server fails', () => {
  it.each([
    {
      section: 'Email and sign-in',
      path: '/api/users/me',
      status: 500,
      loading: 'Loading your account...',
      loaded: (section: Locator, email: string) => section.getByText(`Your email: ${email}`).waitFor(),
    },
    {
      section: 'Signed-in devices',
      path: '/api/users/me/devices',
      status: 503,
      loading: 'Loading your devices...',
      loaded: (section: Locator) => expect.poll(() => section.getByTestId('device-row').count()).toBe(1),
    },
  ])("'$section' says the server's message on a $status, and 'Try again' loads it", async ({ section: name, path, status, loading, loaded }) => {
    const owner = await registerByApi(newUser(), server().baseUrl)
    const page = await phone({ owner })
    const answerAgain = await failGets(page, path, status, `Answered ${status} on purpose`)
    await page.goto('/profile/edit')
    const section = page.getByRole('region', { name })
    await section.getByText(`Answered ${status} on purpose`).waitFor({ timeout: 30_000 })
    expect(await section.getByText(loading).count()).toBe(0)
    expect(await layoutProblems(page, { touch: true })).toEqual([])
    answerAgain()
    await section.getByRole('button', { name: 'Try again' }).tap()
    await loaded(section, owner.email)
  })
})

/** Makes the first POST to `path` fail as `failure` says (the connection dropped, or a 502); later ones reach the server. */
async function failFirstPost(page: Page, path: string, failure: 'dropped' | 502): Promise<void> {
  let failed = false
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (failed || route.request().method() !== 'POST') return route.fallback()
      failed = true
      return failure === 'dropped' ? route.abort('connectionreset') : route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' })
    },
  )
}

describe('A mailed link whose call failed can be tried again', () => {
  it.each([
    ['the connection drops', 'dropped', NO_ANSWER],
    ["a proxy answers 502 'Bad Gateway'", 502, SERVER_TROUBLE],
  ] as const)("confirming the email: when %s, 'Try again' confirms it with the same link", async (_when, failure, words) => {
    const user = await registerByApi(newUser(), server().baseUrl)
    const token = linkToken(await waitForMail(sink, user.email, VERIFY_SUBJECT), server().baseUrl, 'verify-email')
    const page = await phone()
    await failFirstPost(page, '/api/auth/verify-email', failure)
    await page.goto(`/verify-email?token=${token}`)
    await page.getByRole('button', { name: 'Confirm my email' }).tap()
    const alert = page.getByRole('alert').filter({ hasText: 'Not confirmed' })
    await alert.getByText(words).waitFor()
    await alert.getByText(RECOVERY_MESSAGES.linkStillWorks).waitFor()
    await page.getByRole('button', { name: 'Try again' }).tap()
    await page.getByText(RECOVERY_MESSAGES.verified).waitFor()
  })

  it("confirming the email: the server refusing the link still ends there, with no 'Try again'", async () => {
    const page = await phone()
    await page.goto('/verify-email?token=not-a-link-the-server-sent')
    await page.getByRole('button', { name: 'Confirm my email' }).tap()
    await page.getByRole('alert').filter({ hasText: 'Not confirmed' }).getByText(RECOVERY_MESSAGES.verifyInvalid).waitFor()
    expect(await page.getByRole('button').filter({ hasText: /Try again|Confirm my email/ }).count()).toBe(0)
  })

  it("resetting the password: when the connection drops, 'Try again' sends what the owner typed with the same link", async () => {
    const user = await registerByApi(newUser(), server().baseUrl)
    const page = await phone()
    await fetch(`${server().baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email }) })
    const token = linkToken(await waitForMail(sink, user.email, RESET_SUBJECT), server().baseUrl, 'reset-password')
    await failFirstPost(page, '/api/auth/reset-password', 'dropped')
    await page.goto(`/reset-password?token=${token}`)
    await page.getByLabel('New password', { exact: true }).fill('a brand new password')
    await page.getByLabel('Confirm new password').fill('a brand new password')
    await page.getByRole('button', { name: 'Set new password' }).tap()
    const alert = page.getByRole('alert').filter({ hasText: 'Password not changed' })
    await alert.getByText(NO_ANSWER, { exact: false }).waitFor()
    await alert.getByText(RECOVERY_MESSAGES.linkStillWorks).waitFor()
    expect(await alert.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(0)
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('a brand new password')
    await page.getByRole('button', { name: 'Try again' }).tap()
    await page.waitForURL((url) => url.pathname === '/login')
    const signIn = await fetch(`${server().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: 'a brand new password' }) })
    expect(signIn.status).toBe(200)
  })
})
