// Decision 202 on both databases: while a take-back link of an email change is alive, the account is not deleted, even
// with the right password and a recent sign-in (whoever changed the email holds both), and the refusal names when the
// deletion becomes possible; once the link is spent or expired, the owner deletes as before.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { users } from '../../server/db/schema.ts'
import { deletionHeldUntil } from '../../src/contract/account.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { EMAIL_CHANGED_SUBJECT, linkToken, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const PUBLIC_URL = 'https://qrtee.test'
const WEEK = 7 * 24 * 60 * 60_000
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

it('the refusal names the minute, in UTC', () => {
  expect(deletionHeldUntil(new Date('2026-12-07T21:40:59Z'))).toBe(
    'Your account cannot be deleted yet: its email address was changed, and the previous address can take the account back until 7 December 2026 at 21:40 UTC. You can delete the account after that.',
  )
})

describeEachDatabase('Deleting an account while its take-back link lives', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL, SMTP_URL: sink.url })
    t = new TestApp(await getDatabase(), { mailScope: '@held-deletion.test', config })
  })
  const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@held-deletion.test`
  const remove = (token: string, currentPassword: string) => t.request('DELETE', '/api/users/me', { token, body: { currentPassword } })
  const exists = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username))).length === 1
  /** The hijacker's move: a new address from the signed-in session; returns when the take-back link runs out. */
  const hijack = async (owner: { token: string; email: string; password: string }) => {
    const changedAt = t.clock.now().getTime()
    expect((await t.request('PUT', '/api/users/me/email', { token: owner.token, body: { email: address('hijacker'), currentPassword: owner.password } })).status).toBe(200)
    const link = linkToken(await waitForMail(sink, owner.email, EMAIL_CHANGED_SUBJECT), PUBLIC_URL, 'undo-email-change')
    return { link, until: new Date(changedAt + WEEK) }
  }

  it('refused with the date while the link lives; the owner takes the account back and may then delete it', async () => {
    const owner = await t.signUp('held')
    const { link, until } = await hijack(owner)
    const refused = await remove(owner.token, owner.password)
    expect([refused.status, refused.json]).toEqual([409, { message: deletionHeldUntil(until) }])
    expect(await exists(owner.username)).toBe(true)

    expect((await t.request('POST', '/api/auth/undo-email-change', { body: { token: link, password: 'the owner again 42' } })).status).toBe(200)
    t.clock.advance(1_000)
    const signedIn = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: 'the owner again 42' } })
    expect((await remove(signedIn.json.token as string, 'the owner again 42')).status).toBe(204)
    expect(await exists(owner.username)).toBe(false)
  })

  it('a wrong password is still said as such, and the deletion goes through once the link has expired', async () => {
    const owner = await t.signUp('expires')
    const { until } = await hijack(owner)
    expect((await remove(owner.token, 'not the password')).status).toBe(400)
    // The hijacker's session lives on, its access token renewed by a refresh as the app does.
    t.clock.advance(WEEK - 60_000)
    let session = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: owner.refreshToken } })
    expect((await remove(session.json.token as string, owner.password)).json).toEqual({ message: deletionHeldUntil(until) })
    t.clock.advance(60_000)
    session = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: session.json.refreshToken as string } })
    expect((await remove(session.json.token as string, owner.password)).status).toBe(204)
    expect(await exists(owner.username)).toBe(false)
  })
})
