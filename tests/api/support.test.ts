// POST /api/public/support/contact on both databases: validation, each siteverify answer against the local fake
// Turnstile, the unverified and per-address limits, and mail through a real SMTP sink (Reply-To, an outage).
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { supportMessages } from '../../server/db/schema.ts'
import type { AppDeps } from '../../server/deps.ts'
import { SUPPORT_SENT_MESSAGE, SUPPORT_TOO_MANY, supportOutboxFor } from '../../server/support/support.ts'
import { CAPTCHA_REFUSALS } from '../../server/support/captcha.ts'
import { SUPPORT_MESSAGES } from '../../src/contract/support.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { FAKE_SECRET, FAKE_SITE_KEY, FakeTurnstile } from '../fakes/turnstile.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const HOUR = 60 * 60_000
const roomy = { max: 100_000, windowMs: HOUR }

const turnstile = new FakeTurnstile()
const sink = new SmtpSink()
beforeAll(async () => {
  await Promise.all([turnstile.start(), sink.start()])
})
afterAll(async () => {
  await Promise.all([turnstile.stop(), sink.stop()])
})

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:8080', TRUST_PROXY: '1', ...env })
const withCaptcha = () =>
  configWith({ TURNSTILE_SITE_KEY: FAKE_SITE_KEY, TURNSTILE_SECRET_KEY: FAKE_SECRET, TURNSTILE_VERIFY_URL: turnstile.verifyUrl })

/** A distinct address per call site, so tests sharing a limiter store never meet. */
const anAddress = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 + 1}`
const unique = () => randomBytes(6).toString('hex')

function contact(t: TestApp, body: Record<string, unknown>, address = anAddress()) {
  return t.request('POST', '/api/public/support/contact', { body, headers: { 'X-Forwarded-For': address } })
}
const aMessage = (extra: Record<string, unknown> = {}) => {
  const marker = unique()
  return { name: 'Ada Visitor', email: `ada.${marker}@example.test`, message: `Where is my shirt? ${marker}`, ...extra }
}

describeEachDatabase('POST /api/public/support/contact', (getDatabase) => {
  let database: Awaited<ReturnType<typeof getDatabase>>
  beforeAll(async () => {
    database = await getDatabase()
  })
  const appWith = (config = configWith(), extra: Partial<AppDeps> = {}) =>
    new TestApp(database, { config, supportOptions: { limits: { perAddress: roomy, unverifiedPerAddress: roomy }, ...extra.supportOptions }, ...extra })
  const storedFor = (email: string) => database.db.select().from(supportMessages).where(eq(supportMessages.email, email))

  it.each([
    [{ email: 'a@example.test', message: 'Hello there' }, SUPPORT_MESSAGES.nameRequired],
    [{ name: '   ', email: 'a@example.test', message: 'Hello there' }, SUPPORT_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), email: 'a@example.test', message: 'Hello there' }, SUPPORT_MESSAGES.nameMax],
    [{ name: 'Ada', email: 'not an address', message: 'Hello there' }, SUPPORT_MESSAGES.email],
    [{ name: 'Ada', message: 'Hello there' }, SUPPORT_MESSAGES.email],
    [{ name: 'Ada', email: 'a@example.test', message: '' }, SUPPORT_MESSAGES.messageRequired],
    [{ name: 'Ada', email: 'a@example.test', message: 'm'.repeat(5001) }, SUPPORT_MESSAGES.messageMax],
    [{ name: 'Ada', email: 'a@example.test', message: 'Hi', captchaToken: 't'.repeat(2049) }, SUPPORT_MESSAGES.captchaToken],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await contact(appWith(), body)
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message })
  })

  it('without a captcha secret stores the message (not mailed without SMTP) and answers 201', async () => {
    const body = aMessage()
    const res = await contact(appWith(), body)
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: SUPPORT_SENT_MESSAGE })
    const [row] = await storedFor(body.email)
    expect(row).toMatchObject({ name: 'Ada Visitor', message: body.message, captcha: 'not-required', mailStatus: 'stored' })
  })

  it("a token siteverify accepts is verified with the secret, the response and the visitor's address, and stored verified", async () => {
    const captchaToken = `pass-${unique()}`
    const body = aMessage({ captchaToken })
    const res = await contact(appWith(withCaptcha()), body, '203.0.113.77')
    expect(res.status).toBe(201)
    expect(turnstile.calls.at(-1)).toEqual({ secret: FAKE_SECRET, response: captchaToken, remoteip: '203.0.113.77' })
    expect((await storedFor(body.email))[0]?.captcha).toBe('verified')
  })

  it.each([
    ['an invalid token', () => `forged-${unique()}`, CAPTCHA_REFUSALS.invalid],
    ['an expired token (timeout-or-duplicate)', () => `expired-${unique()}`, CAPTCHA_REFUSALS.expiredOrUsed],
  ])('refuses %s with 400 and a message, storing nothing', async (_name, token, message) => {
    const body = aMessage({ captchaToken: token() })
    const res = await contact(appWith(withCaptcha()), body)
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message })
    expect(await storedFor(body.email)).toEqual([])
  })

  it('refuses a token used a second time (timeout-or-duplicate)', async () => {
    const t = appWith(withCaptcha())
    const captchaToken = `pass-${unique()}`
    expect((await contact(t, aMessage({ captchaToken }))).status).toBe(201)
    const again = await contact(t, aMessage({ captchaToken }))
    expect(again.status).toBe(400)
    expect(again.json).toEqual({ message: CAPTCHA_REFUSALS.expiredOrUsed })
  })

  it('refuses a token solved on another site (hostname checked)', async () => {
    turnstile.hostname = 'evil.example'
    try {
      const res = await contact(appWith(withCaptcha()), aMessage({ captchaToken: `pass-${unique()}` }))
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message: CAPTCHA_REFUSALS.otherSite })
    } finally {
      turnstile.hostname = '127.0.0.1'
    }
  })

  it('refuses a success that names no hostname', async () => {
    turnstile.hostname = null
    try {
      const res = await contact(appWith(withCaptcha()), aMessage({ captchaToken: `pass-${unique()}` }))
      expect([res.status, res.json]).toEqual([400, { message: CAPTCHA_REFUSALS.otherSite }])
    } finally {
      turnstile.hostname = '127.0.0.1'
    }
  })

  it("refuses a token solved for another form's action", async () => {
    const body = aMessage({ captchaToken: `pass-${unique()}~login` })
    const res = await contact(appWith(withCaptcha()), body)
    expect([res.status, res.json]).toEqual([400, { message: CAPTCHA_REFUSALS.otherForm }])
    expect(await storedFor(body.email)).toEqual([])
  })

  it.each([
    ['down (500)', 'down' as const],
    ['not answering within the timeout', 'slow' as const],
  ])('with the verify endpoint %s, takes the message as unverified under the strict limit', async (_name, mode) => {
    turnstile.mode = mode
    try {
      const t = appWith(withCaptcha(), { supportOptions: { captchaTimeoutMs: 300, limits: { perAddress: roomy, unverifiedPerAddress: { max: 1, windowMs: HOUR } } } })
      const address = anAddress()
      const body = aMessage({ captchaToken: `pass-${unique()}` })
      const res = await contact(t, body, address)
      expect(res.status).toBe(201)
      expect((await storedFor(body.email))[0]?.captcha).toBe('unverified')
      const second = await contact(t, aMessage({ captchaToken: `pass-${unique()}` }), address)
      expect(second.status).toBe(429)
    } finally {
      turnstile.mode = 'normal'
    }
  })

  it('accepts a message without a token (widget blocked) only under the strict per-address limit, marked unverified', async () => {
    const t = appWith(withCaptcha(), { supportOptions: { limits: { perAddress: roomy, unverifiedPerAddress: { max: 2, windowMs: HOUR } } } })
    const address = anAddress()
    const first = aMessage()
    expect((await contact(t, first, address)).status).toBe(201)
    expect((await storedFor(first.email))[0]?.captcha).toBe('unverified')
    expect((await contact(t, aMessage(), address)).status).toBe(201)
    const third = aMessage()
    const refused = await contact(t, third, address)
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(new RegExp(`^${SUPPORT_TOO_MANY.unverified}\\. Please try again in \\d+ minutes?\\.$`))
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await storedFor(third.email)).toEqual([])
    // A solved captcha from the same network, and a blocked widget elsewhere, still get through.
    expect((await contact(t, aMessage({ captchaToken: `pass-${unique()}` }), address)).status).toBe(201)
    expect((await contact(t, aMessage(), anAddress())).status).toBe(201)
  })

  it('limits every message per address: 429 with Retry-After and a message, other addresses unaffected', async () => {
    const t = appWith(configWith(), { supportOptions: { limits: { perAddress: { max: 2, windowMs: HOUR }, unverifiedPerAddress: roomy } } })
    const address = anAddress()
    expect((await contact(t, aMessage(), address)).status).toBe(201)
    expect((await contact(t, aMessage(), address)).status).toBe(201)
    const refused = await contact(t, aMessage(), address)
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(new RegExp(`^${SUPPORT_TOO_MANY.messages}\\. Please try again in \\d+ minutes?\\.$`))
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await contact(t, aMessage(), anAddress())).status).toBe(201)
  })

  it("mails the stored message to SUPPORT_EMAIL_TO with the visitor's address as Reply-To, never as From", async () => {
    const t = appWith(configWith({ SMTP_URL: sink.url, SUPPORT_EMAIL_TO: 'help@qrtee.test' }))
    const body = aMessage()
    expect((await contact(t, body)).status).toBe(201)
    const mail = await sink.waitFor(body.message)
    expect(mail.envelopeTo).toEqual(['help@qrtee.test'])
    expect(mail.headers.get('reply-to')).toContain(body.email)
    expect(mail.headers.get('from')).toContain('help@qrtee.test')
    expect(mail.headers.get('from')).not.toContain(body.email)
    expect(mail.envelopeFrom).not.toBe(body.email)
    await expect.poll(async () => (await storedFor(body.email))[0]?.mailStatus).toBe('sent')
  })

  it('loses nothing while SMTP is down: the message stays stored as not sent and is mailed once SMTP is back', async () => {
    const outage = new SmtpSink()
    await outage.start()
    const port = outage.port
    await outage.stop()
    const t = appWith(configWith({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL_TO: 'help@qrtee.test' }), {
      supportOptions: { limits: { perAddress: roomy, unverifiedPerAddress: roomy }, mailRetry: { firstMs: 300, maxMs: 1000, leaseMs: 5000 } },
    })
    const body = aMessage()
    expect((await contact(t, body)).status).toBe(201)
    await expect.poll(async () => (await storedFor(body.email))[0]?.lastError ?? null, { timeout: 10_000 }).not.toBeNull()
    const [waiting] = await storedFor(body.email)
    expect(waiting).toMatchObject({ mailStatus: 'pending', message: body.message })
    expect(waiting!.mailAttempts).toBeGreaterThanOrEqual(1)

    await outage.start(port)
    try {
      await outage.waitFor(body.message, 15_000)
      await expect.poll(async () => (await storedFor(body.email))[0]?.mailStatus, { timeout: 5000 }).toBe('sent')
      expect(outage.mails.filter((m) => m.body.includes(body.message))).toHaveLength(1)
    } finally {
      supportOutboxFor(t.deps)?.stop()
      await outage.stop()
    }
  })
})
