// Decision 198 on both databases, against a real SMTP sink: the notice of an email change carries a take-back link to
// the old address; spending it gives the address back, sets the owner's password and ends every session and every
// Google link, even after a second change; a spent, expired or wrong link changes nothing; nobody squats the old address.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { accountTokens, linkedIdentities, users } from '../../server/db/schema.ts'
import { RECOVERY_MESSAGES, takeBackAddressTaken, takeBackDone } from '../../src/contract/account-recovery.ts'
import { CONFLICT_MESSAGES } from '../../src/contract/auth.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { decodedBody, EMAIL_CHANGED_SUBJECT, linkToken, RESET_SUBJECT, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const PUBLIC_URL = 'https://qrtee.test'
const DAY = 24 * 60 * 60_000
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

const mailConfig = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL, ...env })

describeEachDatabase('Taking an account back after an email change', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { mailScope: '@take-back.test', config: mailConfig({ SMTP_URL: sink.url }) })
  })
  const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } })
  const me = (token: string) => t.request('GET', '/api/users/me', { token })
  const takeBack = (token: string, password: string) => t.request('POST', '/api/auth/undo-email-change', { body: { token, password } })
  const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@take-back.test`
  const changeEmail = (token: string, email: string, currentPassword: string) =>
    t.request('PUT', '/api/users/me/email', { token, body: { email, currentPassword } })
  const signUp = async (prefix: string) => {
    const owner = await t.signUp(prefix)
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
    return { ...owner, userId: row!.id }
  }
  const takeBackToken = async (oldEmail: string) => linkToken(await waitForMail(sink, oldEmail, EMAIL_CHANGED_SUBJECT), PUBLIC_URL, 'undo-email-change')

  it('the notice to the old address holds a take-back link, and no advice that cannot work', async () => {
    const victim = await signUp('notice')
    expect((await changeEmail(victim.token, address('typo'), victim.password)).status).toBe(200)
    const body = decodedBody(await waitForMail(sink, victim.email, EMAIL_CHANGED_SUBJECT))
    expect(body).toContain('This was not me: take my account back')
    expect(body).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/undo-email-change\\?token=[A-Za-z0-9_-]{43}`))
    expect(body).not.toContain('reset your password from the sign-in page')
  })

  it('spending it gives the address back, signs every device out, and only the new password works', async () => {
    const victim = await signUp('victim')
    const otherDevice = (await login(victim.email, victim.password)).json as { token: string; refreshToken: string }
    const earlier = { provider: 'google' as const, subject: `victim-${randomUUID()}`, userId: victim.userId, email: victim.email, linkedAt: t.clock.now() }
    await t.db.insert(linkedIdentities).values(earlier)
    t.clock.advance(1_000)
    // The hijacker holds a session and the password: a new address, then a new password, then their Google account.
    const hijackerEmail = address('hijacker')
    expect((await changeEmail(victim.token, hijackerEmail, victim.password)).status).toBe(200)
    const token = await takeBackToken(victim.email)
    const hijacked = await t.request('PUT', '/api/users/me', { token: victim.token, body: { currentPassword: victim.password, newPassword: 'hijacker password 1' } })
    expect(hijacked.status).toBe(200)
    const hijacker = hijacked.json as { token: string; refreshToken: string }
    await t.db.insert(linkedIdentities).values({ provider: 'google', subject: `hijacker-${randomUUID()}`, userId: victim.userId, email: hijackerEmail, linkedAt: t.clock.now() })
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: hijackerEmail } })).status).toBe(202)
    await waitForMail(sink, hijackerEmail, RESET_SUBJECT)
    t.clock.advance(1_000)

    const done = await takeBack(token, 'the real owner again 7')
    expect([done.status, done.json]).toEqual([200, { message: `${takeBackDone(victim.email)} ${RECOVERY_MESSAGES.takeBackGoogleRemoved}` }])
    for (const accessToken of [victim.token, otherDevice.token, hijacker.token]) expect((await me(accessToken)).status).toBe(401)
    for (const refreshToken of [victim.refreshToken, otherDevice.refreshToken, hijacker.refreshToken]) {
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401)
    }
    for (const [email, password] of [[victim.email, victim.password], [victim.email, 'hijacker password 1'], [hijackerEmail, 'hijacker password 1']]) {
      expect((await login(email!, password!)).status).toBe(401)
    }
    const signedIn = await login(victim.email, 'the real owner again 7')
    expect(signedIn.status).toBe(200)
    expect((await me((signedIn.json as { token: string }).token)).json).toMatchObject({ email: victim.email, emailVerified: true })
    const links = await t.db.select({ subject: linkedIdentities.subject }).from(linkedIdentities).where(eq(linkedIdentities.userId, victim.userId))
    // Every link goes: one made before the change may be the hijacker's too (they were signed in); the owner reconnects.
    expect(links).toEqual([])
    // The hijacker's pending reset link died with the rest.
    expect(await t.db.select({ purpose: accountTokens.purpose }).from(accountTokens).where(eq(accountTokens.userId, victim.userId))).toEqual([])
    expect([(await takeBack(token, 'the real owner again 7')).status, (await takeBack(token, 'x long password 8')).json]).toEqual([
      400,
      { message: RECOVERY_MESSAGES.takeBackInvalid },
    ])
  })

  it('a second change does not void the first link, and spending the second one first leaves the first alive', async () => {
    const victim = await signUp('twice')
    const first = address('first')
    expect((await changeEmail(victim.token, first, victim.password)).status).toBe(200)
    const victimsLink = await takeBackToken(victim.email)
    expect((await changeEmail(victim.token, address('second'), victim.password)).status).toBe(200)
    const hijackersLink = await takeBackToken(first)
    expect((await takeBack(hijackersLink, 'hijacker password 2')).json).toEqual({ message: takeBackDone(first) })
    t.clock.advance(1_000)
    expect((await takeBack(victimsLink, 'the real owner twice 9')).json).toEqual({ message: takeBackDone(victim.email) })
    expect((await login(victim.email, 'the real owner twice 9')).status).toBe(200)
    expect((await login(first, 'hijacker password 2')).status).toBe(401)
  })

  it('a spent, expired or wrong link: the same words, nothing changes', async () => {
    const victim = await signUp('invalid')
    const moved = address('moved')
    expect((await changeEmail(victim.token, moved, victim.password)).status).toBe(200)
    const token = await takeBackToken(victim.email)
    for (const bogus of [`${token.slice(0, -2)}xx`, 'nonsense']) {
      expect([(await takeBack(bogus, 'long enough password')).status, (await takeBack(bogus, 'long enough password')).json]).toEqual([
        400,
        { message: RECOVERY_MESSAGES.takeBackInvalid },
      ])
    }
    t.clock.advance(7 * DAY + 1_000)
    const expired = await takeBack(token, 'long enough password')
    expect([expired.status, expired.json]).toEqual([400, { message: RECOVERY_MESSAGES.takeBackInvalid }])
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, victim.userId))
    expect(row?.email).toBe(moved)
    expect((await login(moved, victim.password)).status).toBe(200)
  })

  it('the old address taken meanwhile: the password is set and every device signed out, the account keeps the address it has', async () => {
    const victim = await signUp('taken')
    const moved = address('moved')
    expect((await changeEmail(victim.token, moved, victim.password)).status).toBe(200)
    const token = await takeBackToken(victim.email)
    // Register and email changes refuse the address while its link lives (next test); an account that got it anyway
    // (a Google sign-in of that mailbox's owner) is the case here.
    const other = await signUp('other')
    await t.db.update(users).set({ email: victim.email }).where(eq(users.id, other.userId))
    t.clock.advance(1_000)
    const done = await takeBack(token, 'the real owner taken 4')
    expect([done.status, done.json]).toEqual([200, { message: takeBackAddressTaken(victim.email, moved) }])
    expect((await me(victim.token)).status).toBe(401)
    expect((await login(moved, victim.password)).status).toBe(401)
    const signedIn = await login(moved, 'the real owner taken 4')
    expect(signedIn.status).toBe(200)
    expect((await me((signedIn.json as { token: string }).token)).json).toMatchObject({ email: moved, emailVerified: false })
  })

  it('a hijacker cannot squat the old address while its link lives: register and an email change to it are refused', async () => {
    const victim = await signUp('squatted')
    expect((await changeEmail(victim.token, address('moved'), victim.password)).status).toBe(200)
    const token = await takeBackToken(victim.email)
    const register = () => t.request('POST', '/api/auth/register', { body: { username: `squat_${randomUUID().slice(0, 8)}`, email: victim.email.toUpperCase(), password: 'squatter password 3' } })
    const squat = await register()
    expect([squat.status, squat.json]).toEqual([409, { message: CONFLICT_MESSAGES.email }])
    const other = await signUp('squatter')
    const moved = await changeEmail(other.token, victim.email, other.password)
    expect([moved.status, moved.json]).toEqual([409, { message: CONFLICT_MESSAGES.email }])

    expect((await takeBack(token, 'the real owner back 5')).json).toEqual({ message: takeBackDone(victim.email) })
    expect((await login(victim.email, 'the real owner back 5')).status).toBe(200)
  })

  it('the address is free again once its link has expired', async () => {
    const victim = await signUp('expiring')
    expect((await changeEmail(victim.token, address('moved'), victim.password)).status).toBe(200)
    await takeBackToken(victim.email)
    t.clock.advance(7 * DAY + 1_000)
    const other = await signUp('later')
    expect((await changeEmail(other.token, victim.email, other.password)).status).toBe(200)
  })
})

describeEachDatabase('An email change without SMTP_URL', (getDatabase) => {
  it('mails no notice and makes no take-back link', async () => {
    const t = new TestApp(await getDatabase(), { mailScope: '@no-mail-take-back.test', config: mailConfig() })
    const owner = await t.signUp('nomail')
    const changed = await t.request('PUT', '/api/users/me/email', { token: owner.token, body: { email: `new.${randomUUID().slice(0, 8)}@no-mail-take-back.test`, currentPassword: owner.password } })
    expect(changed.status).toBe(200)
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
    const tokens = await t.db.select().from(accountTokens).where(and(eq(accountTokens.userId, row!.id), eq(accountTokens.purpose, 'undo-email-change')))
    expect(tokens).toEqual([])
  })

})
