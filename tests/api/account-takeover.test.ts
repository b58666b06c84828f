// Issue 24's scenarios on both databases, with a real OpenID provider and a real SMTP sink: the squatter who
// registered the victim's email is expelled by the victim's reset, a stolen access token changes nothing sensitive,
// and the owner signs out another device, whose next refresh is told why.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { GOOGLE_LINK_MESSAGES } from '../../server/accounts/account-settings.ts'
import { WRONG_CURRENT_PASSWORD } from '../../server/accounts/recent-sign-in.ts'
import { linkedIdentities, users } from '../../server/db/schema.ts'
import { RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { SIGNED_OUT_BY_OWNER } from '../../src/contract/devices.ts'
import { type FakeGoogleAccount, type OidcProvider, startOidcProvider } from '../fakes/oidc-provider.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { linkToken, RESET_SUBJECT, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const PUBLIC_URL = 'https://qrtee.test'
const APP_CALLBACK = `${PUBLIC_URL}/oauth/callback`
const MINUTE = 60_000
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

const sink = new SmtpSink()
let provider: OidcProvider
beforeAll(async () => {
  provider = await startOidcProvider()
  await sink.start()
})
afterAll(async () => {
  await provider.stop()
  await sink.stop()
})

const config = () => ({
  ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL, SMTP_URL: sink.url }),
  googleClientId: 'qrtee-test-client',
  googleClientSecret: 'qrtee-test-secret',
  oidcIssuer: provider.issuer,
})
const unique = () => randomUUID().slice(0, 8)
const googleAccount = (email = `google.${unique()}@gmail.test`): FakeGoogleAccount => ({ sub: `g-${unique()}`, email, email_verified: true })
const freshAtGoogle = () => provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))

describeEachDatabase('Accounts that stay yours', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { mailScope: '@takeover.test', config: config() })
  })
  const login = (email: string, password: string, userAgent = ANDROID) =>
    t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'User-Agent': userAgent } })
  const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refreshToken } })
  const me = (token: string) => t.request('GET', '/api/users/me', { token })

  /** Start (optionally fresh) -> provider -> server callback -> the app callback's query. */
  async function googleSignIn(fresh = false) {
    const query = new URLSearchParams({ redirectUri: APP_CALLBACK, signInState: 'tab', ...(fresh ? { fresh: '1' } : {}) })
    const start = await t.request('GET', `/api/auth/oauth/google?${query.toString()}`)
    expect(start.status).toBe(302)
    const Cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const back = new URL(atProvider.headers.get('location') ?? '')
    const res = await t.request('GET', `${back.pathname}${back.search}`, { headers: { Cookie } })
    const landing = new URL(res.headers.get('location') ?? '').searchParams
    const code = landing.get('code')
    if (code === null) return landing
    const pair = await t.request('POST', '/api/auth/oauth/exchange', { body: { code }, headers: { Cookie } })
    expect(pair.status).toBe(200)
    return new URLSearchParams({ token: pair.json.token, refreshToken: pair.json.refreshToken })
  }

  it('the squatter: Google refuses to link to their unverified account, the victim resets by mail, the squatter is out, Google links', async () => {
    const victimEmail = `victim.${unique()}@takeover.test`
    const squatter = await t.request('POST', '/api/auth/register', { body: { username: `squat_${unique()}`, email: victimEmail, password: 'squatter password' } })
    expect(squatter.status).toBe(201)
    const squatterElsewhere = await login(victimEmail, 'squatter password', WINDOWS)
    const victimGoogle = googleAccount(victimEmail)

    provider.signInAs(victimGoogle)
    const refused = await googleSignIn()
    expect(Object.fromEntries(refused)).toEqual({ error: 'account_exists', signInState: 'tab' })
    expect(await t.db.select().from(linkedIdentities).where(eq(linkedIdentities.subject, victimGoogle.sub))).toEqual([])

    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: victimEmail } })).status).toBe(202)
    const token = linkToken(await waitForMail(sink, victimEmail, RESET_SUBJECT), PUBLIC_URL, 'reset-password')
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, password: 'the real owner 42' } })).status).toBe(200)

    expect((await login(victimEmail, 'squatter password')).status).toBe(401)
    for (const refreshToken of [squatter.json.refreshToken, squatterElsewhere.json.refreshToken]) expect((await refresh(refreshToken)).status).toBe(401)

    provider.signInAs(victimGoogle)
    const linked = await googleSignIn()
    expect(linked.get('token')).toBeTruthy()
    expect((await me(linked.get('token') ?? '')).json).toMatchObject({ email: victimEmail, emailVerified: true, signInMethods: { password: true, google: true } })
  })

  it('the stolen access token of a password account cannot change the email or disconnect Google; the password can', async () => {
    const owner = await t.signUp('stolen')
    t.clock.advance(6 * MINUTE)
    try {
      const stolen = (await refresh(owner.refreshToken)).json.token as string
      for (const token of [stolen, owner.token]) {
        const email = await t.request('PUT', '/api/users/me/email', { token, body: { email: `thief.${unique()}@takeover.test` } })
        expect([email.status, email.json]).toEqual([403, { message: RECOVERY_MESSAGES.recentSignInRequired }])
        expect((await t.request('DELETE', '/api/users/me/google', { token })).status).toBe(403)
        expect((await t.request('DELETE', '/api/users/me', { token, body: {} })).status).toBe(400)
      }
      expect((await me(owner.token)).json.email).toBe(owner.email)
      // The current password stands for the recent sign-in on the disconnect too (the settings page's confirmation).
      const wrong = await t.request('DELETE', '/api/users/me/google', { token: owner.token, body: { currentPassword: 'not the password' } })
      expect([wrong.status, wrong.json]).toEqual([400, { message: WRONG_CURRENT_PASSWORD }])
      const confirmed = await t.request('DELETE', '/api/users/me/google', { token: owner.token, body: { currentPassword: owner.password } })
      expect([confirmed.status, confirmed.json]).toEqual([404, { message: GOOGLE_LINK_MESSAGES.notLinked }])
      // A fresh password sign-in is the recent sign-in.
      const fresh = (await login(owner.email, owner.password)).json.token as string
      const changed = await t.request('PUT', '/api/users/me/email', { token: fresh, body: { email: `moved.${unique()}@takeover.test` } })
      expect(changed.status).toBe(200)
    } finally {
      t.clock.advance(-6 * MINUTE)
    }
  })

  it('the stolen access token of a Google-only account cannot set a password, change the email or delete; a fresh Google sign-in can', async () => {
    const account = googleAccount()
    provider.signInAs(account)
    const stolen = (await googleSignIn()).get('token') ?? ''
    const methods = (await me(stolen)).json
    expect(methods.signInMethods).toEqual({ password: false, google: true })
    const setPassword = await t.request('PUT', '/api/users/me/password', { token: stolen, body: { newPassword: 'thief password' } })
    expect([setPassword.status, setPassword.json]).toEqual([403, { message: RECOVERY_MESSAGES.recentSignInRequired }])
    expect((await t.request('PUT', '/api/users/me/email', { token: stolen, body: { email: `thief.${unique()}@takeover.test` } })).status).toBe(403)
    expect((await t.request('DELETE', '/api/users/me', { token: stolen, body: { confirmUsername: methods.username } })).status).toBe(403)
    expect((await me(stolen)).json.signInMethods.password).toBe(false)

    // The owner regains control: a fresh sign-in at Google (max_age=0, auth_time checked).
    provider.signInAs(account)
    freshAtGoogle()
    const fresh = await googleSignIn(true)
    expect(provider.authorizeRequests().at(-1)?.get('max_age')).toBe('0')
    const set = await t.request('PUT', '/api/users/me/password', { token: fresh.get('token') ?? '', body: { newPassword: 'owner password 1' } })
    expect(set.status).toBe(200)
  })

  /** 'Connect Google' from settings: the authenticated POST starts it, the callback links and says so (or why not). */
  async function connectGoogle(token: string) {
    return (await connectRoundTrip(token)).landing
  }

  async function connectRoundTrip(token: string) {
    const start = await t.request('POST', '/api/auth/oauth/google/connect', { token, body: { redirectUri: APP_CALLBACK, signInState: 'tab' } })
    expect(start.status).toBe(200)
    const Cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const atProvider = await fetch(start.json.url as string, { redirect: 'manual' })
    const back = new URL(atProvider.headers.get('location') ?? '')
    const res = await t.request('GET', `${back.pathname}${back.search}`, { headers: { Cookie } })
    return { landing: new URL(res.headers.get('location') ?? '').searchParams, Cookie }
  }

  const devices = async (token: string) => (await t.request('GET', '/api/users/me/devices', { token })).json.devices as { id: string }[]
  const googleLinksOf = async (userId: string) =>
    (await t.db.select({ subject: linkedIdentities.subject }).from(linkedIdentities).where(eq(linkedIdentities.userId, userId))).map((row) => row.subject)

  it('Connect Google links the Google account to the signed-in owner, whatever its email, and never one linked elsewhere', async () => {
    const owner = await t.signUp('connect')
    expect((await t.request('POST', '/api/auth/oauth/google/connect', { body: { redirectUri: APP_CALLBACK, signInState: 'tab' } })).status).toBe(401)
    // The Google account's email differs from the owner's (and the owner's is unverified): the explicit link still works.
    const google = googleAccount()
    provider.signInAs(google)
    const landing = await connectGoogle(owner.token)
    expect(Object.fromEntries(landing)).toEqual({ connected: 'google', signInState: 'tab' })
    expect((await me(owner.token)).json.signInMethods).toEqual({ password: true, google: true })
    provider.signInAs(google)
    expect((await googleSignIn()).get('token')).toBeTruthy()

    const other = await t.signUp('connect2')
    provider.signInAs(google)
    expect(Object.fromEntries(await connectGoogle(other.token))).toEqual({ error: 'already_linked', signInState: 'tab' })
    expect((await me(other.token)).json.signInMethods).toEqual({ password: true, google: false })
  })

  it('one Google account per owner: connecting a second one is refused and the first stays; so is a sign-in by email', async () => {
    const owner = await t.signUp('second')
    const first = googleAccount()
    provider.signInAs(first)
    expect((await connectGoogle(owner.token)).get('connected')).toBe('google')
    const second = googleAccount(owner.email)
    provider.signInAs(second)
    expect(Object.fromEntries(await connectGoogle(owner.token))).toEqual({ error: 'google_already_connected', signInState: 'tab' })
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    const ownerId = row?.id ?? ''
    expect(await googleLinksOf(ownerId)).toEqual([first.sub])
    // The same one again is no change; the first still signs in.
    provider.signInAs(first)
    expect((await connectGoogle(owner.token)).get('connected')).toBe('google')
    provider.signInAs(first)
    expect((await googleSignIn()).get('token')).toBeTruthy()
    // A second Google account with the owner's (verified) email does not join by signing in either.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ownerId))
    provider.signInAs(second)
    expect(Object.fromEntries(await googleSignIn())).toEqual({ error: 'google_already_connected', signInState: 'tab' })
    expect(await googleLinksOf(ownerId)).toEqual([first.sub])
  })

  it("Connect Google keeps the browser's session: no second device for the same browser, and its refresh token still works", async () => {
    const owner = await t.signUp('keep')
    expect(await devices(owner.token)).toHaveLength(1)
    provider.signInAs(googleAccount())
    const { landing, Cookie } = await connectRoundTrip(owner.token)
    // Whatever the landing carries, the browser finishes the round trip as the callback page does.
    const code = landing.get('code')
    if (code !== null) expect((await t.request('POST', '/api/auth/oauth/exchange', { body: { code }, headers: { Cookie } })).status).toBe(200)
    expect((await me(owner.token)).json.signInMethods).toEqual({ password: true, google: true })
    expect(await devices(owner.token)).toHaveLength(1)
    expect((await refresh(owner.refreshToken)).status).toBe(200)
  })

  it('a "fresh" Google sign-in whose auth_time is old is refused', async () => {
    provider.signInAs(googleAccount())
    provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000) - 3600))
    expect(Object.fromEntries(await googleSignIn(true))).toEqual({ error: 'refused', signInState: 'tab' })
  })

  it('devices: listed by browser and system, one signed out (its refresh is told why), then every other one', async () => {
    const owner = await t.signUp('devices')
    const phone = (await login(owner.email, owner.password, ANDROID)).json
    const laptop = (await login(owner.email, owner.password, WINDOWS)).json
    const listed = await t.request('GET', '/api/users/me/devices', { token: phone.token })
    expect(listed.status).toBe(200)
    const devices = listed.json.devices as { id: string; name: string; current: boolean; signedInAt: string; lastUsedAt: string }[]
    expect(devices.map((d) => [d.name, d.current])).toEqual([
      ['Chrome on Android', true],
      ...devices.slice(1).map((d) => [d.name, false]),
    ])
    expect(devices.map((d) => d.name).sort()).toEqual(['Chrome on Android', 'Firefox on Windows', 'Unknown device'])
    expect(JSON.stringify(listed.json)).not.toMatch(/\d+\.\d+\.\d+\.\d+/)
    const laptopDevice = devices.find((d) => d.name === 'Firefox on Windows')!
    // Another owner cannot sign this device out.
    const stranger = await t.signUp('stranger')
    expect((await t.request('DELETE', `/api/users/me/devices/${laptopDevice.id}`, { token: stranger.token })).status).toBe(404)

    expect((await t.request('DELETE', `/api/users/me/devices/${laptopDevice.id}`, { token: phone.token })).status).toBe(200)
    const laptopRefresh = await refresh(laptop.refreshToken)
    expect([laptopRefresh.status, laptopRefresh.json]).toEqual([401, { message: SIGNED_OUT_BY_OWNER }])

    expect((await t.request('POST', '/api/users/me/devices/sign-out-others', { token: phone.token })).status).toBe(200)
    expect((await refresh(owner.refreshToken)).status).toBe(401)
    const phoneRefresh = await refresh(phone.refreshToken)
    expect(phoneRefresh.status).toBe(200)
    const after = await t.request('GET', '/api/users/me/devices', { token: phoneRefresh.json.token })
    expect(after.json.devices.map((d: { name: string; current: boolean }) => [d.name, d.current])).toEqual([['Chrome on Android', true]])
  })
})
