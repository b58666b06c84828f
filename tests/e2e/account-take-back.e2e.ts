// Decision 198 in Chromium at 360x740 touch, against a server that mails through a local SMTP sink: the email is
// changed from Profile settings, the old address's notice holds the take-back link, its page sets a new password, and
// the owner signs in again with the old email and that password.
import { randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import { maskedEmail, RECOVERY_MESSAGES, takeBackDone } from '../../src/contract/account-recovery.ts'
import { EMAIL_CHANGED_SUBJECT, linkToken, waitForMail } from '../api/account-mail-helpers.ts'
import { fieldError } from './helpers.ts'
import { mailingServerPerFile } from './mailing-server.ts'

const { sink, server, phone } = mailingServerPerFile()

it('someone changed the email: the old address takes the account back from the notice mail', async () => {
  const id = randomBytes(5).toString('hex')
  const user = { username: `back_${id}`, email: `back_${id}@example.com`, password: `pw-${id}-long` }
  const page = await phone()
  await page.goto('/register')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm password').fill(user.password)
  await page.getByRole('button', { name: 'Create account' }).tap()
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })

  // Whoever holds this signed-in phone moves the account to their own address.
  await page.goto('/profile/edit')
  await page.getByText(`Your email: ${user.email}`).waitFor({ timeout: 15_000 })
  await page.getByLabel('New email').fill(`hijacker_${id}@example.com`)
  await page.getByRole('button', { name: 'Change email' }).tap()
  await page.getByText(RECOVERY_MESSAGES.emailChanged).waitFor()
  // Nor can they delete the account while the old address may take it back: said on the field, with the date (202).
  await page.getByRole('button', { name: 'Delete account' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Your password').fill(user.password)
  await dialog.getByRole('button', { name: 'Delete my account' }).tap()
  await expect.poll(() => fieldError(page, 'Your password')).toMatch(/^Your account cannot be deleted yet: its email address was changed, and the previous address can take the account back until \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\. You can delete the account after that\.$/)
  await dialog.getByRole('button', { name: 'Cancel' }).tap()

  const token = linkToken(await waitForMail(sink, user.email, EMAIL_CHANGED_SUBJECT), server().baseUrl, 'undo-email-change')
  const owner = await phone()
  const landing = owner.waitForResponse((response) => new URL(response.url()).pathname === '/undo-email-change')
  await owner.goto(`/undo-email-change?token=${token}`)
  const headers = (await landing).headers()
  expect(headers['cache-control']).toBe('no-store')
  expect(headers['referrer-policy']).toBe('no-referrer')
  await owner.getByRole('heading', { name: 'Take your account back' }).waitFor()
  // The page names the address the account gets back, masked: all that holding the link may tell (decision 203).
  await owner.getByText(`your old email address, ${maskedEmail(user.email)}, comes back to the account`, { exact: false }).waitFor()
  // The token leaves the address bar before the owner does anything; opening the page spent nothing.
  expect(owner.url()).not.toContain(token)
  await owner.getByLabel('New password', { exact: true }).fill('mine again for good')
  await owner.getByLabel('Confirm new password').fill('mine again for good')
  await owner.getByRole('button', { name: 'Set new password' }).tap()
  await owner.waitForURL((url) => url.pathname === '/login')
  await owner.getByText(takeBackDone(user.email)).waitFor()

  await owner.getByLabel('Email').fill(user.email)
  await owner.getByLabel('Password', { exact: true }).fill('mine again for good')
  await owner.getByRole('button', { name: 'Sign in' }).tap()
  await owner.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
  await owner.getByRole('heading', { name: `Welcome back, ${user.username}!` }).waitFor()
})
