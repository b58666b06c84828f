// Decision 203 on both databases: a password link's page learns, without spending the link, the masked address of the
// account it is for, and (only with this device's own valid session) whether it is the device's account; a link that
// cannot be spent says so at once, with the words its spending would answer.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { maskedEmail, RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { EMAIL_CHANGED_SUBJECT, linkToken, RESET_SUBJECT, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const PUBLIC_URL = 'https://qrtee.test'
const HOUR = 60 * 60_000
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

const mailConfig = () =>
  loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL, SMTP_URL: sink.url })

it('a masked address keeps the first character and the domain only', () => {
  expect(maskedEmail('bob.smith@example.com')).toBe('b***@example.com')
  expect(maskedEmail('b@example.com')).toBe('b***@example.com')
  expect(maskedEmail('no-at-sign')).toBe('***')
})

describeEachDatabase('What a password link is for', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { mailScope: '@password-link.test', config: mailConfig() })
  })
  const check = (token: string, purpose: string, accessToken?: string) => t.request('POST', '/api/auth/password-link', { body: { token, purpose }, token: accessToken })
  const resetToken = async (email: string) => {
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(202)
    return linkToken(await waitForMail(sink, email, RESET_SUBJECT), PUBLIC_URL, 'reset-password')
  }

  it('a reset link: the masked address to anyone, the account to its own device, another account named as that device’s own', async () => {
    const owner = await t.signUp('linked')
    const other = await t.signUp('otherphone')
    const token = await resetToken(owner.email)

    const anonymous = await check(token, 'reset')
    expect([anonymous.status, anonymous.json]).toEqual([200, { email: maskedEmail(owner.email), signedInHere: null }])
    expect(JSON.stringify(anonymous.json)).not.toContain(owner.username)
    expect((await check(token, 'reset', other.token)).json).toEqual({ email: maskedEmail(owner.email), signedInHere: { username: other.username, sameAccount: false } })
    expect((await check(token, 'reset', owner.token)).json).toEqual({ email: maskedEmail(owner.email), signedInHere: { username: owner.username, sameAccount: true } })
    // A session that does not hold is refused as on any owner call, so the app refreshes it and asks again.
    expect((await check(token, 'reset', 'not-a-token')).status).toBe(401)

    // Asking spent nothing: the link still sets the password, and is then said to be spent.
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'a fresh one 42' } })).status).toBe(200)
    expect([(await check(token, 'reset')).status, (await check(token, 'reset')).json]).toEqual([400, { message: RECOVERY_MESSAGES.resetInvalid }])
  })

  it('a wrong, expired or other-purpose token, and a reset link whose address the account left, are refused', async () => {
    const owner = await t.signUp('refused')
    const token = await resetToken(owner.email)
    expect((await check(token, 'undo-email-change')).json).toEqual({ message: RECOVERY_MESSAGES.takeBackInvalid })
    expect((await check(`x${token.slice(1)}`, 'reset')).json).toEqual({ message: RECOVERY_MESSAGES.resetInvalid })
    expect((await check(token, 'verify')).status).toBe(400)

    const moved = await t.signUp('moved')
    const movedToken = await resetToken(moved.email)
    const newEmail = `moved.${randomUUID().slice(0, 8)}@password-link.test`
    expect((await t.request('PUT', '/api/users/me/email', { token: moved.token, body: { email: newEmail, currentPassword: moved.password } })).status).toBe(200)
    expect((await check(movedToken, 'reset')).json).toEqual({ message: RECOVERY_MESSAGES.resetInvalid })

    t.clock.advance(HOUR + 1_000)
    expect((await check(token, 'reset')).json).toEqual({ message: RECOVERY_MESSAGES.resetInvalid })
  })

  it('a take-back link names the address it gives back, not the one the account has now', async () => {
    const owner = await t.signUp('takeback')
    const hijacker = `hijacker.${randomUUID().slice(0, 8)}@password-link.test`
    expect((await t.request('PUT', '/api/users/me/email', { token: owner.token, body: { email: hijacker, currentPassword: owner.password } })).status).toBe(200)
    const token = linkToken(await waitForMail(sink, owner.email, EMAIL_CHANGED_SUBJECT), PUBLIC_URL, 'undo-email-change')
    const answer = await check(token, 'undo-email-change', owner.token)
    expect(answer.json).toEqual({ email: maskedEmail(owner.email), signedInHere: { username: owner.username, sameAccount: true } })
  })
})
