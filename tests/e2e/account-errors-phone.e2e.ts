// Refusals on the account screens in Chromium at 360x740 touch, light and dark: each said on the field it is about
// (aria-invalid, its error, focus there, in view), /login's said once in the form, no unnamed close button or
// low-contrast error (axe), and a Google-only owner deleting the account after 'Confirm with Google' (decision 136).
// Own server: a local OpenID Connect provider for Google sign-in.
import AxeBuilder from '@axe-core/playwright'
import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { googleServerPerFile } from './google-server.ts'
import { fieldError } from './helpers.ts'
import { ageSession } from './offline-helpers.ts'
import { registeredOwner, signInOnLogin } from './owner-helpers.ts'
import { settled } from './screen-checks.ts'

const { provider, server, phoneContext } = googleServerPerFile()

async function phone(theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await phoneContext('block')
  await context.addInitScript((choice) => localStorage.setItem('vite-ui-theme', choice), theme)
  return context.newPage()
}

const id = () => randomBytes(4).toString('hex')

const focused = (field: Locator) => field.evaluate((element) => element === document.activeElement)

/** Marked, said, focused, and on screen where a finger reaches it: not under the bottom tab bar. */
async function expectRefusedOn(page: Page, label: string, message: string, within: Locator | Page = page) {
  const field = within.getByLabel(label, { exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  await expect.poll(() => fieldError(page, label)).toBe(message)
  await expect.poll(() => focused(field)).toBe(true)
  const uncovered = () =>
    field.evaluate((input) => {
      const box = input.getBoundingClientRect()
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return top === input || input.contains(top)
    })
  await expect.poll(uncovered).toBe(true)
}

/** axe's serious and critical violations of the settled page, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))
}

describe('refusals on the account screens at 360 px', () => {
  it('/login says a refusal once, in the form, on the fields, with focus there; an old success toast is gone', async () => {
    const user = await registeredOwner('err', server().baseUrl)
    const page = await phone()
    await page.goto('/login')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Email').press('Enter')
    await expectRefusedOn(page, 'Password', 'Password is required.')

    await page.getByLabel('Password', { exact: true }).fill('not my password')
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByRole('button', { name: 'Sign in' }).tap()
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
    }
    const refusal = page.getByRole('alert').filter({ hasText: 'Login failed' })
    await refusal.getByText('Invalid email or password.').waitFor()
    expect(await refusal.count()).toBe(1)
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0)
    for (const label of ['Email', 'Password']) expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => focused(page.getByLabel('Password', { exact: true }))).toBe(true)

    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
    await page.getByText('Login successful').waitFor()
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor({ timeout: 15_000 })
    // Clicked, not tapped: at 360 px the toast lies over the header's Menu button.
    await page.getByRole('button', { name: 'Menu' }).dispatchEvent('click')
    await page.locator('.mantine-Popover-dropdown', { hasText: 'Theme' }).getByRole('button', { name: 'Logout' }).dispatchEvent('click')
    await page.waitForURL((url) => url.pathname === '/login')
    await expect.poll(() => page.getByText('Login successful').count(), { timeout: 5_000 }).toBe(0)
  })

  it("/login after a refused Google sign-in: the 'Login failed' alert's close button has a name (axe)", async () => {
    const page = await phone()
    await page.goto('/login')
    const google = page.getByRole('button', { name: 'Continue with Google' })
    await expect.poll(() => google.isEnabled(), { timeout: 15_000 }).toBe(true)
    provider().denyNext()
    await google.tap()
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed' })
    await alert.waitFor({ timeout: 30_000 })
    await alert.getByRole('button', { name: 'Close' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it.each(['light', 'dark'] as const)('Email and sign-in (%s): each refusal on its field, in view, focused; the panel error readable', async (theme) => {
    const user = await registeredOwner('err', server().baseUrl)
    const page = await phone(theme)
    await signInOnLogin(page, user)
    await ageSession(page)
    await page.goto('/profile/edit')
    await page.getByText(`Your email: ${user.email}`).waitFor({ timeout: 15_000 })
    await page.getByLabel('New email').fill('not-an-email')
    await page.getByRole('button', { name: 'Change email' }).tap()
    await expectRefusedOn(page, 'New email', 'Please enter a valid email address.')

    // No answer: not about a field, said under the panel's buttons in the theme's error colour.
    await page.getByLabel('New email').fill(`err_${id()}@example.com`)
    await page.route('**/api/users/me/email', (route) => route.abort('connectionreset'), { times: 1 })
    await page.getByRole('button', { name: 'Change email' }).tap()
    await page.getByText('The server could not be reached. Check your connection and try again.').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Change email' }).tap()
    const confirm = page.getByTestId('recent-sign-in-confirm')
    await confirm.getByText(RECOVERY_MESSAGES.recentSignInRequired).waitFor()
    await confirm.getByLabel('Your current password').fill('not my password')
    await confirm.getByLabel('Your current password').press('Enter')
    await expectRefusedOn(page, 'Your current password', 'Current password is incorrect', confirm)
    expect(await seriousViolations(page)).toEqual([])
    // Tapped: the busy state disables 'Confirm', which had focus; the refusal puts the owner back on the field.
    await confirm.getByLabel('Your current password').fill('still not my password')
    await confirm.getByRole('button', { name: 'Confirm' }).tap()
    await expectRefusedOn(page, 'Your current password', 'Current password is incorrect', confirm)
  })

  it('the Delete dialog: named close button (axe), and a wrong password keeps focus on its field', async () => {
    const user = await registeredOwner('err', server().baseUrl)
    const page = await phone('dark')
    await signInOnLogin(page, user)
    await page.goto('/profile/edit')
    await page.getByRole('button', { name: 'Delete account' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByRole('button', { name: 'Close' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByLabel('Your password').fill('not my password')
    await dialog.getByRole('button', { name: 'Delete my account' }).tap()
    await expectRefusedOn(page, 'Your password', 'Current password is incorrect', dialog)
  })

  it("a Google-only owner confirms with Google from the Delete dialog, and the account is deleted", async () => {
    const n = id()
    const account = { sub: `e2e-del-${n}`, email: `gdel_${n}@gmail.test`, email_verified: true, username: `gdel_${n}` }
    const page = await phone()
    // A sign-in without auth_time: not recent, as a session some minutes old (decision 136).
    provider().signInAs(account)
    await page.goto('/login')
    const google = page.getByRole('button', { name: 'Continue with Google' })
    await expect.poll(() => google.isEnabled(), { timeout: 15_000 }).toBe(true)
    await google.tap()
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })

    const deleteWithUsername = async () => {
      await page.getByRole('button', { name: 'Delete account' }).tap()
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
      await dialog.getByLabel('Your username').fill(account.username)
      await dialog.getByRole('button', { name: 'Delete my account' }).tap()
      return dialog
    }
    await page.goto('/profile/edit')
    const dialog = await deleteWithUsername()
    await expectRefusedOn(page, 'Your username', RECOVERY_MESSAGES.recentSignInRequired, dialog)
    const confirmWithGoogle = dialog.getByRole('button', { name: 'Confirm with Google' })
    expect((await confirmWithGoogle.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)

    provider().signInAs(account)
    provider().tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    await confirmWithGoogle.tap()
    await page.waitForURL((url) => url.pathname === '/profile/edit', { timeout: 30_000 })
    // Back where the owner left: the dialog opens again by itself, and the address keeps no trace of the round trip.
    await dialog.getByLabel('Your username').fill(account.username, { timeout: 15_000 })
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await dialog.getByRole('button', { name: 'Delete my account' }).tap()
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
    expect((await fetch(`${server().baseUrl}/api/profiles/${account.username}`)).status).toBe(404)
  })
})
