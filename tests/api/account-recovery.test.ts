// Issue 24 on both databases, against a real SMTP sink: forgot-password answers alike for known and unknown emails,
// reset links are single-use, expire and die after a newer one, a reset ends every session and proves the mailbox,
// verification links, the email change, and no token in any log line.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { mailOutbox, users } from '../../server/db/schema.ts'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { linkToken, RESET_SUBJECT, VERIFY_SUBJECT, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'

const PUBLIC_URL = 'https://qrtee.test'
const HOUR = 60 * 60_000
const sink = new SmtpSink()
beforeAll(() => sink.start())
afterAll(() => sink.stop())

const mailConfig = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL, SMTP_URL: sink.url, ...env })

describeEachDatabase('Password reset and email verification', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { mailScope: '@recovery.test', config: mailConfig() })
  })
  const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } })
  const forgot = (email: string) => t.request('POST', '/api/auth/forgot-password', { body: { email } })
  const reset = (token: string, password: string) => t.request('POST', '/api/auth/reset-password', { body: { token, password } })
  const me = (token: string) => t.request('GET', '/api/users/me', { token })
  async function resetToken(email: string, count = 1) {
    return linkToken(await waitForMail(sink, email, RESET_SUBJECT, count), PUBLIC_URL, 'reset-password')
  }

  it('enumeration: forgot-password answers a known and an unknown email alike; only the known one gets a mail', async () => {
    const owner = await t.signUp('known')
    const unknown = `nobody.${randomUUID().slice(0, 8)}@recovery.test`
    const [a, b] = [await forgot(owner.email), await forgot(unknown)]
    expect(a.status).toBe(202)
    expect(b.status).toBe(a.status)
    expect(b.json).toEqual(a.json)
    expect(a.json).toEqual({ message: RECOVERY_MESSAGES.forgotSent })
    const headerNames = (h: Headers) => [...h.keys()].filter((k) => k !== 'date' && k !== 'x-request-id').sort()
    expect(headerNames(b.headers)).toEqual(headerNames(a.headers))
    await waitForMail(sink, owner.email, RESET_SUBJECT)
    await t.request('POST', '/api/auth/forgot-password', { body: { email: owner.email } }) // flushes the background work
    expect(sink.mails.filter((m) => m.envelopeTo.includes(unknown))).toEqual([])
  })

  it('a taken email: 409 with the spec text, no account, no token, no mail (decision 159)', async () => {
    const owner = await t.signUp('taken')
    const attempt = await t.request('POST', '/api/auth/register', { body: { username: `other_${randomUUID().slice(0, 8)}`, email: owner.email.toUpperCase(), password: 'another long one 9' } })
    expect([attempt.status, attempt.json]).toEqual([409, { message: 'An account with this email already exists' }])
    expect((await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))).length).toBe(1)
    // Only the owner's own verification mail is queued for the address: the refused attempt mails nobody.
    const queued = await t.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, owner.email))
    expect(queued.map((row) => row.kind)).toEqual(['verify-email'])
  })

  it('a reset link resets once: the new password works, every session ends, the email is verified', async () => {
    const owner = await t.signUp('reset')
    const other = await login(owner.email, owner.password)
    expect((await me(owner.token)).json.emailVerified).toBe(false)
    expect((await forgot(owner.email)).status).toBe(202)
    const token = await resetToken(owner.email)
    // A second on, so the tokens above are from before the reset's second (an access token's iat is in whole seconds).
    t.clock.advance(1_000)
    const done = await reset(token, 'brand new password 7')
    expect(done.status).toBe(200)
    expect(done.json).toEqual({ message: RECOVERY_MESSAGES.resetDone })
    // Every device is signed out at once: the access tokens stop working too, not only when their 15 minutes end.
    for (const accessToken of [owner.token, other.json.token]) expect((await me(accessToken)).status).toBe(401)
    expect((await login(owner.email, owner.password)).status).toBe(401)
    const signedIn = await login(owner.email, 'brand new password 7')
    expect(signedIn.status).toBe(200)
    for (const refreshToken of [owner.refreshToken, other.json.refreshToken]) {
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401)
    }
    expect((await me(signedIn.json.token)).json.emailVerified).toBe(true)
    // Single use: the same link again is refused and changes nothing.
    const again = await reset(token, 'third password 99')
    expect(again.status).toBe(400)
    expect(again.json).toEqual({ message: RECOVERY_MESSAGES.resetInvalid })
    expect((await login(owner.email, 'brand new password 7')).status).toBe(200)
  })

  it('reset tokens expire after an hour and die when a newer reset is asked for', async () => {
    const owner = await t.signUp('expiry')
    await forgot(owner.email)
    const first = await resetToken(owner.email, 1)
    await forgot(owner.email)
    const second = await resetToken(owner.email, 2)
    expect(second).not.toBe(first)
    expect((await reset(first, 'older link password')).status).toBe(400)
    t.clock.advance(HOUR + 1000)
    try {
      const late = await reset(second, 'too late password')
      expect(late.status).toBe(400)
      expect(late.json.message).toBe(RECOVERY_MESSAGES.resetInvalid)
    } finally {
      t.clock.advance(-(HOUR + 1000))
    }
    expect((await login(owner.email, owner.password)).status).toBe(200)
  })

  it('a forged, empty or short password reset is refused with a message', async () => {
    expect((await reset('not-a-real-token-at-all', 'long enough password')).json).toEqual({ message: RECOVERY_MESSAGES.resetInvalid })
    expect((await t.request('POST', '/api/auth/reset-password', { body: { password: 'long enough password' } })).json).toEqual({ message: RECOVERY_MESSAGES.tokenRequired })
    expect((await reset('x', 'short')).status).toBe(400)
  })

  it('forgot-password is limited per email, known or not, and per address', async () => {
    const limited = new TestApp(t.deps.database, { mailScope: '@recovery.test', config: mailConfig(), rateLimits: { forgotPerEmail: { max: 2, windowMs: HOUR }, forgotPerAddress: { max: 100, windowMs: HOUR } } })
    const email = `limited.${randomUUID().slice(0, 8)}@recovery.test`
    for (let i = 0; i < 2; i++) expect((await limited.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(202)
    const third = await limited.request('POST', '/api/auth/forgot-password', { body: { email } })
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0)
    const byAddress = new TestApp(t.deps.database, { mailScope: '@recovery.test', config: mailConfig(), rateLimits: { forgotPerAddress: { max: 1, windowMs: HOUR } } })
    expect((await byAddress.request('POST', '/api/auth/forgot-password', { body: { email: 'a@recovery.test' } })).status).toBe(202)
    expect((await byAddress.request('POST', '/api/auth/forgot-password', { body: { email: 'b@recovery.test' } })).status).toBe(429)
  })

  it('registration mails a verification link; confirming it verifies once; GET /api/users/me tells it and the sign-in methods', async () => {
    const owner = await t.signUp('verify')
    expect((await me(owner.token)).json).toEqual({
      username: owner.username,
      email: owner.email,
      emailVerified: false,
      emailVerificationAvailable: true,
      signInMethods: { password: true, google: false },
    })
    const token = linkToken(await waitForMail(sink, owner.email, VERIFY_SUBJECT), PUBLIC_URL, 'verify-email')
    const verified = await t.request('POST', '/api/auth/verify-email', { body: { token } })
    expect(verified.status).toBe(200)
    expect(verified.json).toEqual({ message: RECOVERY_MESSAGES.verified })
    expect((await me(owner.token)).json.emailVerified).toBe(true)
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token } })).json).toEqual({ message: RECOVERY_MESSAGES.verifyInvalid })
    expect((await t.request('POST', '/api/users/me/verification-email', { token: owner.token })).status).toBe(409)
  })

  it('verification links expire after 24 hours; a resend is limited', async () => {
    const limited = new TestApp(t.deps.database, { mailScope: '@recovery.test', config: mailConfig(), rateLimits: { verificationResendPerUser: { max: 1, windowMs: HOUR } } })
    const owner = await limited.signUp('resend')
    const first = linkToken(await waitForMail(sink, owner.email, VERIFY_SUBJECT), PUBLIC_URL, 'verify-email')
    expect((await limited.request('POST', '/api/users/me/verification-email', { token: owner.token })).status).toBe(202)
    expect((await limited.request('POST', '/api/users/me/verification-email', { token: owner.token })).status).toBe(429)
    const second = linkToken(await waitForMail(sink, owner.email, VERIFY_SUBJECT, 2), PUBLIC_URL, 'verify-email')
    expect((await limited.request('POST', '/api/auth/verify-email', { body: { token: first } })).status).toBe(400)
    limited.clock.advance(24 * HOUR + 1000)
    expect((await limited.request('POST', '/api/auth/verify-email', { body: { token: second } })).status).toBe(400)
  })

  it('an email change needs the password (or a recent sign-in), unverifies, mails the new address a link and the old one a notice', async () => {
    const owner = await t.signUp('change')
    const verifyToken = linkToken(await waitForMail(sink, owner.email, VERIFY_SUBJECT), PUBLIC_URL, 'verify-email')
    await t.request('POST', '/api/auth/verify-email', { body: { token: verifyToken } })
    const newEmail = `new.${randomUUID().slice(0, 8)}@recovery.test`
    const wrong = await t.request('PUT', '/api/users/me/email', { token: owner.token, body: { email: newEmail, currentPassword: 'wrong password' } })
    expect(wrong.status).toBe(400)
    const changed = await t.request('PUT', '/api/users/me/email', { token: owner.token, body: { email: newEmail, currentPassword: owner.password } })
    expect(changed.status).toBe(200)
    expect((await me(owner.token)).json).toMatchObject({ email: newEmail, emailVerified: false })
    await waitForMail(sink, owner.email, 'Your QR Tee email address was changed')
    const token = linkToken(await waitForMail(sink, newEmail, VERIFY_SUBJECT), PUBLIC_URL, 'verify-email')
    expect((await t.request('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200)
    expect((await me(owner.token)).json.emailVerified).toBe(true)
  })

  it('the mail is stored before sending, retried after an SMTP outage, and its link leaves the table once sent', async () => {
    const outage = new SmtpSink()
    await outage.start()
    const port = outage.port
    await outage.stop()
    const app = new TestApp(t.deps.database, { mailScope: '@outage.test', config: mailConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }), accountMailRetry: { firstMs: 100, maxMs: 200, leaseMs: 60_000 } })
    const owner = await app.signUp('outage')
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    const pending = async () => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, owner.email)))[0]
    await expect.poll(async () => (await pending())?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
    expect((await pending())?.status).toBe('pending')
    await outage.start(port)
    try {
      const mail = await waitForMail(outage, owner.email, VERIFY_SUBJECT)
      expect(linkToken(mail, PUBLIC_URL, 'verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/)
      await expect.poll(async () => (await pending())?.status, { timeout: 20_000 }).toBe('sent')
      expect((await pending())?.payload).toEqual({ username: owner.username })
      expect(user).toBeDefined()
    } finally {
      await outage.stop()
    }
  })

  it('no token, link or reset password reaches a log line', async () => {
    const logs = captureLogs()
    const logged = new TestApp(t.deps.database, { mailScope: '@recovery.test', config: mailConfig(), logger: logs.logger })
    const owner = await logged.signUp('logs')
    await logged.request('POST', '/api/auth/forgot-password', { body: { email: owner.email } })
    const token = await resetToken(owner.email)
    await logged.request('POST', '/api/auth/reset-password', { body: { token, password: 'logged new password' } })
    const verify = linkToken(await waitForMail(sink, owner.email, VERIFY_SUBJECT), PUBLIC_URL, 'verify-email')
    await logged.request('POST', '/api/auth/verify-email', { body: { token: verify } })
    const text = logs.text()
    expect(text).toContain('/api/auth/reset-password')
    for (const secret of [token, verify, 'logged new password', owner.email]) expect(text).not.toContain(secret)
  })

  it('without SMTP_URL, forgot-password and the resend say mail is unavailable and /me says verification is', async () => {
    const bare = new TestApp(t.deps.database, { mailScope: '@recovery.test', config: mailConfig({ SMTP_URL: '' }) })
    const owner = await bare.signUp('nomail')
    const res = await bare.request('POST', '/api/auth/forgot-password', { body: { email: owner.email } })
    expect(res.status).toBe(503)
    expect(res.json).toEqual({ message: RECOVERY_MESSAGES.mailUnavailable })
    expect((await bare.request('GET', '/api/users/me', { token: owner.token })).json.emailVerificationAvailable).toBe(false)
  })
})

describeEachDatabase('npm run account -- reset-link', (getDatabase) => {
  it('prints a one-time reset link that works once; an unknown email gets none', async () => {
    const { makeResetLink } = await import('../../server/accounts/account-cli.ts')
    const t = new TestApp(await getDatabase(), { mailScope: '@recovery.test', config: mailConfig({ SMTP_URL: '' }) })
    const owner = await t.signUp('operator')
    const link = await makeResetLink(t.db, PUBLIC_URL, owner.email.toUpperCase(), t.clock.now())
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=[A-Za-z0-9_-]{43}$`))
    const token = new URL(link ?? '').searchParams.get('token') ?? ''
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'operator made this' } })).status).toBe(200)
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'operator made this' } })).status).toBe(400)
    expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: 'operator made this' } })).status).toBe(200)
    expect(await makeResetLink(t.db, PUBLIC_URL, `nobody.${randomUUID()}@recovery.test`, t.clock.now())).toBeUndefined()
  })
})
