// Google sign-in against a real OpenID Connect provider on a local port (oauth2-mock-server): the whole round trip,
// new and linked accounts, every refusal (state, code, nonce, audience, unverified email, redirectUri), the rate
// limit, logs without the callbacks' queries, and what a Google-only account can and cannot do with passwords.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { INVALID_CREDENTIALS } from '../../server/accounts/auth.ts'
import { OAUTH_MESSAGES } from '../../server/accounts/oauth.ts'
import { WRONG_CURRENT_PASSWORD } from '../../server/accounts/users.ts'
import { loadConfig } from '../../server/config.ts'
import { linkedIdentities, users } from '../../server/db/schema.ts'
import { SIGN_IN_METHOD_MESSAGES } from '../../src/contract/sign-in-methods.ts'
import { type FakeGoogleAccount, type OidcProvider, startOidcProvider } from '../fakes/oidc-provider.ts'
import { freePort } from '../app-server.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'

const PUBLIC_URL = 'https://qrtee.test'
const APP_CALLBACK = `${PUBLIC_URL}/oauth/callback`
const CLIENT_ID = 'qrtee-test-client'

let provider: OidcProvider
beforeAll(async () => {
  provider = await startOidcProvider()
})
afterAll(() => provider.stop())

function googleConfig() {
  return {
    ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PUBLIC_URL }),
    googleClientId: CLIENT_ID,
    googleClientSecret: 'qrtee-test-secret',
    oidcIssuer: provider.issuer,
  }
}

const unique = () => randomUUID().slice(0, 8)
const googleAccount = (overrides: Partial<FakeGoogleAccount> = {}): FakeGoogleAccount => {
  const id = unique()
  return { sub: `g-${id}`, email: `google.${id}@gmail.test`, email_verified: true, ...overrides }
}
const startPath = (redirectUri: string, signInState = 'tab-value_1') =>
  `/api/auth/oauth/google?${new URLSearchParams({ redirectUri, signInState }).toString()}`

/** The browser-binding cookie the last start set (a real browser keeps it; tests carry it by hand). */
let browserCookie = ''
/** The cookie of the browser that started each attempt, by the provider's redirect back. */
const cookieOf = new Map<string, string>()

/** Start -> provider -> the provider's redirect back to the server (not yet followed). */
async function toProviderAndBack(t: TestApp, signInState = 'tab-value_1') {
  const start = await t.request('GET', startPath(APP_CALLBACK, signInState))
  expect(start.status).toBe(302)
  browserCookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
  expect(atProvider.status).toBe(302)
  const back = new URL(atProvider.headers.get('location') ?? '')
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/oauth/google/callback`)
  cookieOf.set(back.href, browserCookie)
  return back
}

/** The server's callback as the browser follows it: where it sends the browser (a code, or an error). */
async function landingOf(t: TestApp, back: URL, cookie = cookieOf.get(back.href) ?? browserCookie) {
  const res = await t.request('GET', `${back.pathname}${back.search}`, { headers: cookie ? { Cookie: cookie } : {} })
  expect(res.status).toBe(302)
  const landing = new URL(res.headers.get('location') ?? '')
  expect(`${landing.origin}${landing.pathname}`).toBe(APP_CALLBACK)
  return landing.searchParams
}

const exchange = (t: TestApp, code: string, cookie = browserCookie) =>
  t.request('POST', '/api/auth/oauth/exchange', { body: { code }, headers: cookie ? { Cookie: cookie } : {} })

/** Follows the server's callback and, on success, exchanges the code as the page does: the tokens and the tab value. */
async function callback(t: TestApp, back: URL) {
  const landing = await landingOf(t, back)
  const code = landing.get('code')
  if (code === null) return landing
  expect([...landing.keys()].sort()).toEqual(['code', 'signInState'])
  const pair = await exchange(t, code, cookieOf.get(back.href))
  expect(pair.status).toBe(200)
  return new URLSearchParams({ token: pair.json.token, refreshToken: pair.json.refreshToken, signInState: landing.get('signInState') ?? '' })
}

async function roundTrip(t: TestApp, signInState = 'tab-value_1') {
  return callback(t, await toProviderAndBack(t, signInState))
}

const refused = (params: URLSearchParams, error: string, signInState: string | null = 'tab-value_1') => {
  expect(Object.fromEntries(params)).toEqual(signInState === null ? { error } : { error, signInState })
}

describeEachDatabase('Google sign-in', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase(), { config: googleConfig() })
  })

  const me = (token: string) => t.request('GET', '/api/users/me/sign-in-methods', { token })
  const linkedTo = async (subject: string) =>
    (await t.db.select({ userId: linkedIdentities.userId }).from(linkedIdentities).where(eq(linkedIdentities.subject, subject))).map((row) => row.userId)

  it('round trip for a new Google user: S256 PKCE, nonce and scope at the provider; tokens and the tab value back at /oauth/callback', async () => {
    const account = googleAccount({ email: `Ada.Lovelace+qr.${unique()}@gmail.test` })
    provider.signInAs(account)
    const landing = await roundTrip(t, 'my-tab-value')
    expect([...landing.keys()].sort()).toEqual(['refreshToken', 'signInState', 'token'])
    expect(landing.get('signInState')).toBe('my-tab-value')

    const asked = provider.authorizeRequests().at(-1)
    expect(asked?.get('scope')).toBe('openid email profile')
    expect(asked?.get('code_challenge_method')).toBe('S256')
    expect(asked?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(asked?.get('nonce')).toBeTruthy()
    expect(asked?.get('state')).toBeTruthy()
    expect(asked?.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oauth/google/callback`)
    // The tab's own value stays between the browser and this server.
    expect([...(asked?.values() ?? [])]).not.toContain('my-tab-value')

    const token = landing.get('token') ?? ''
    const methods = await me(token)
    expect(methods.json).toMatchObject({ hasPassword: false, google: true })
    expect(methods.json.username).toMatch(/^Ada\.Lovelaceqr\./)
    const profile = await t.request('GET', '/api/profiles', { token })
    expect(profile.status).toBe(200)
    expect(profile.json.shareableId).toMatch(/^[a-z0-9]{10}$/i)
    const refreshed = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: landing.get('refreshToken') } })
    expect(refreshed.status).toBe(200)

    // The same Google account again: the same owner, no second account.
    const again = await roundTrip(t)
    expect((await me(again.get('token') ?? '')).json.username).toBe(methods.json.username)
    expect(await linkedTo(account.sub)).toHaveLength(1)
  })

  it('the callback: no token in any URL; the one-time code is refused when replayed, without the cookie, or from another browser', async () => {
    provider.signInAs(googleAccount())
    const start = await t.request('GET', startPath(APP_CALLBACK))
    const setCookie = start.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__Host-qrtee-oauth=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    const back = await toProviderAndBack(t)
    const landing = await landingOf(t, back)
    expect([...landing.keys()].sort()).toEqual(['code', 'signInState'])
    const code = landing.get('code') ?? ''
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Without the cookie (another browser got the link): refused, and the code is spent.
    const noCookie = await exchange(t, code, '')
    expect([noCookie.status, noCookie.json]).toEqual([400, { message: OAUTH_MESSAGES.exchangeRefused }])
    expect((await exchange(t, code)).status).toBe(400)

    const again = await toProviderAndBack(t)
    const second = (await landingOf(t, again)).get('code') ?? ''
    expect((await exchange(t, second, 'qrtee-oauth=someone-elses-cookie')).status).toBe(400)
    const third = (await landingOf(t, await toProviderAndBack(t))).get('code') ?? ''
    expect((await exchange(t, third)).status).toBe(200)
    // Replayed: refused.
    expect((await exchange(t, third)).status).toBe(400)
  })

  it('the callback from another browser (right code and state, no cookie of the attempt) is refused and spends the attempt', async () => {
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(t)
    refused(await landingOf(t, back, ''), 'other_browser')
    refused(await landingOf(t, back), 'expired', null)
    const other = await toProviderAndBack(t)
    refused(await landingOf(t, other, '__Host-qrtee-oauth=forged'), 'other_browser')
  })

  it('a one-time code lives 60 seconds', async () => {
    provider.signInAs(googleAccount())
    const code = (await landingOf(t, await toProviderAndBack(t))).get('code') ?? ''
    t.clock.advance(61_000)
    try {
      expect((await exchange(t, code)).status).toBe(400)
    } finally {
      t.clock.advance(-61_000)
    }
  })

  it('a username taken by someone else gets a number; the public address stays unique', async () => {
    const owner = await t.signUp('taken')
    provider.signInAs(googleAccount({ email: `${owner.username}@other-domain.test` }))
    const landing = await roundTrip(t)
    const username: string = (await me(landing.get('token') ?? '')).json.username
    expect(username).not.toBe(owner.username)
    expect(username.startsWith(owner.username)).toBe(true)
  })

  it('links to an existing password account whose email Google verified (any case) and so did the account; the password keeps working', async () => {
    const owner = await t.signUp('linkme')
    // Only an account that proved its mailbox is linked by email (issue 24; tests/api/account-takeover.test.ts).
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, owner.username))
    const account = googleAccount({ email: owner.email.toUpperCase() })
    provider.signInAs(account)
    const landing = await roundTrip(t)
    const methods = await me(landing.get('token') ?? '')
    expect(methods.json).toEqual({ username: owner.username, hasPassword: true, google: true })
    const [ownerRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
    expect(await linkedTo(account.sub)).toEqual([ownerRow?.id])
    expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })).status).toBe(200)
  })

  it.each([
    ['false', false],
    ['absent', undefined],
    ['the string "false"', 'false'],
  ])('an unverified email (email_verified %s) is refused: no tokens, no link, no account', async (_, verified) => {
    const owner = await t.signUp('unverified')
    const account = { ...googleAccount({ email: owner.email }), email_verified: verified }
    provider.signInAs(account)
    refused(await roundTrip(t), 'unverified_email')
    expect(await linkedTo(account.sub)).toEqual([])
    expect((await me(owner.token)).json.google).toBe(false)

    const stranger = { ...googleAccount(), email_verified: verified }
    provider.signInAs(stranger)
    refused(await roundTrip(t), 'unverified_email')
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, stranger.email))).toEqual([])
  })

  it('an unverified password account with the same email, on a server without account mail: refused with the reason that offers no reset by mail', async () => {
    const owner = await t.signUp('nomailsquat')
    const account = googleAccount({ email: owner.email })
    provider.signInAs(account)
    refused(await roundTrip(t), 'account_exists_no_mail')
    expect(await linkedTo(account.sub)).toEqual([])
  })

  it('a state that was never issued (mismatch) is refused, and the real one still works once', async () => {
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(t)
    const forged = new URL(back)
    forged.searchParams.set('state', 'attacker-chosen-state')
    refused(await callback(t, forged), 'expired', null)
    expect((await callback(t, back)).get('token')).toBeTruthy()
  })

  it('a replayed state is refused (single use), and so is a callback without one', async () => {
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(t)
    expect((await callback(t, back)).get('token')).toBeTruthy()
    refused(await callback(t, back), 'expired', null)
    const withoutState = new URL(back)
    withoutState.searchParams.delete('state')
    refused(await callback(t, withoutState), 'expired', null)
  })

  it('a replayed code is refused, even under a fresh state of the attacker', async () => {
    provider.signInAs(googleAccount())
    const first = await toProviderAndBack(t)
    expect((await callback(t, first)).get('token')).toBeTruthy()
    const second = await toProviderAndBack(t, 'second-tab')
    const replay = new URL(second)
    replay.searchParams.set('code', first.searchParams.get('code') ?? '')
    refused(await callback(t, replay), 'refused', 'second-tab')
  })

  it.each<[string, (payload: Record<string, unknown>) => void]>([
    ['a wrong nonce', (payload) => void (payload.nonce = 'not-the-nonce-we-sent')],
    ['a missing nonce', (payload) => void delete payload.nonce],
    ['another audience', (payload) => void (payload.aud = 'someone-elses-client')],
    ['another issuer', (payload) => void (payload.iss = 'https://accounts.evil.test')],
    ['an expired ID token', (payload) => void (payload.exp = Math.floor(Date.now() / 1000) - 3600)],
  ])('an ID token with %s is refused and signs nobody in', async (_, change) => {
    const account = googleAccount()
    provider.signInAs(account)
    provider.tamperNextIdToken(change)
    refused(await roundTrip(t), 'refused')
    expect(await linkedTo(account.sub)).toEqual([])
  })

  it('the user cancelling at Google (error=access_denied) comes back as "cancelled" and spends the attempt', async () => {
    provider.denyNext()
    const back = await toProviderAndBack(t)
    expect(back.searchParams.get('error')).toBe('access_denied')
    refused(await callback(t, back), 'cancelled')
    refused(await callback(t, back), 'expired', null)
  })

  it('an attempt older than ten minutes is refused', async () => {
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(t)
    t.clock.advance(10 * 60_000 + 1000)
    try {
      refused(await callback(t, back), 'expired')
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000))
    }
  })

  it.each([
    ['another origin', 'https://evil.test/oauth/callback'],
    ['a protocol-relative address', '//evil.test/oauth/callback'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['an extra path', `${APP_CALLBACK}/../../evil`],
    ['a path below', `${APP_CALLBACK}/more`],
    ['an extra query', `${APP_CALLBACK}?next=https://evil.test`],
    ['a fragment', `${APP_CALLBACK}#x`],
    ['plain http', APP_CALLBACK.replace('https:', 'http:')],
    ['a look-alike host', 'https://qrtee.test.evil.test/oauth/callback'],
    ['user info', 'https://qrtee.test@evil.test/oauth/callback'],
    ['a trailing slash', `${APP_CALLBACK}/`],
    ['the relative path only', '/oauth/callback'],
    ['nothing', ''],
  ])('redirectUri with %s answers 400 JSON and sends nobody anywhere', async (_, redirectUri) => {
    const before = provider.authorizeRequests().length
    const res = await t.request('GET', startPath(redirectUri))
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: OAUTH_MESSAGES.redirectUri })
    expect(res.headers.get('location')).toBeNull()
    expect(provider.authorizeRequests()).toHaveLength(before)
  })

  it.each([['missing', undefined], ['empty', ''], ['with other characters', 'a b'], ['too long', 'x'.repeat(129)]])(
    'a signInState %s answers 400',
    async (_, signInState) => {
      const query = new URLSearchParams({ redirectUri: APP_CALLBACK })
      if (signInState !== undefined) query.set('signInState', signInState)
      const res = await t.request('GET', `/api/auth/oauth/google?${query.toString()}`)
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message: OAUTH_MESSAGES.signInState })
    },
  )

  it('a Google-only account: password login answers exactly as a wrong password; "Set a password" needs no current one, once', async () => {
    const account = googleAccount()
    provider.signInAs(account)
    // A fresh sign-in at Google (auth_time now): setting a password needs one (issue 24).
    provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    const token = (await roundTrip(t)).get('token') ?? ''
    const googleOnly = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: 'anything at all' } })
    const unknown = await t.request('POST', '/api/auth/login', { body: { email: `nobody.${unique()}@example.test`, password: 'anything at all' } })
    expect([googleOnly.status, googleOnly.json]).toEqual([401, { message: INVALID_CREDENTIALS }])
    expect([unknown.status, unknown.json]).toEqual([googleOnly.status, googleOnly.json])
    // Changing needs a current password, which this account does not have.
    expect((await t.request('PUT', '/api/users/me', { token, body: { currentPassword: 'guess', newPassword: 'a new one 1' } })).json).toEqual({
      message: WRONG_CURRENT_PASSWORD,
    })

    const set = await t.request('PUT', '/api/users/me/password', { token, body: { newPassword: 'my first password' } })
    expect(set.status).toBe(200)
    expect(set.json.token).toBeTruthy()
    expect((await t.request('POST', '/api/auth/login', { body: { email: account.email, password: 'my first password' } })).status).toBe(200)
    expect((await me(set.json.token)).json).toMatchObject({ hasPassword: true, google: true })
    // Once set, it is changed only with itself.
    const again = await t.request('PUT', '/api/users/me/password', { token: set.json.token, body: { newPassword: 'taking it over' } })
    expect([again.status, again.json]).toEqual([400, { message: SIGN_IN_METHOD_MESSAGES.alreadyHasPassword }])
  })

  it('deleting a Google-only account asks for the username instead of a password', async () => {
    const account = googleAccount()
    provider.signInAs(account)
    provider.tamperNextIdToken((payload) => void (payload.auth_time = Math.floor(Date.now() / 1000)))
    const token = (await roundTrip(t)).get('token') ?? ''
    const { username } = (await me(token)).json as { username: string }
    const del = (body: unknown) => t.request('DELETE', '/api/users/me', { token, body })
    expect((await del({})).json).toEqual({ message: SIGN_IN_METHOD_MESSAGES.confirmUsernameRequired })
    expect((await del({ currentPassword: 'whatever' })).json).toEqual({ message: SIGN_IN_METHOD_MESSAGES.noPasswordToCheck })
    expect((await del({ confirmUsername: `${username}x` })).json).toEqual({ message: SIGN_IN_METHOD_MESSAGES.confirmUsernameWrong })
    expect((await me(token)).status).toBe(200)
    expect((await del({ confirmUsername: ` ${username.toUpperCase()} ` })).status).toBe(204)
    expect(await linkedTo(account.sub)).toEqual([])
    // The same Google account later makes a new account, not a ghost of the old one.
    const fresh = await roundTrip(t)
    expect((await me(fresh.get('token') ?? '')).json).toMatchObject({ hasPassword: false, google: true })
  })

  it('a password account is still asked for its password when deleting, even with a username', async () => {
    const owner = await t.signUp('withpassword')
    const res = await t.request('DELETE', '/api/users/me', { token: owner.token, body: { confirmUsername: owner.username } })
    expect(res.status).toBe(400)
    expect((await me(owner.token)).status).toBe(200)
  })

  it('never logs the query of either callback: no code, state, token or tab value', async () => {
    const logs = captureLogs()
    const logged = new TestApp(await getDatabase(), { config: googleConfig(), logger: logs.logger })
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(logged, 'secret-tab-value')
    const raw = await landingOf(logged, back)
    const page = await logged.request('GET', `/oauth/callback?code=${raw.get('code')}&signInState=secret-tab-value`)
    // Never cached either: the page's address holds the one-time code.
    expect(page.headers.get('cache-control')).toBe('no-store')
    const pair = (await exchange(logged, raw.get('code') ?? '')).json
    const text = logs.text()
    expect(logs.lines().map((line) => line.path)).toEqual(['/api/auth/oauth/google', '/api/auth/oauth/google/callback', '/oauth/callback', '/api/auth/oauth/exchange'])
    for (const secret of [back.searchParams.get('code'), back.searchParams.get('state'), raw.get('code'), pair.token, pair.refreshToken, 'secret-tab-value', browserCookie.split('=')[1]]) {
      expect(text).not.toContain(secret)
    }
  })

  it('is rate-limited like login, per address, on the start and on the callback', async () => {
    const limited = new TestApp(await getDatabase(), { config: googleConfig(), rateLimits: { loginPerAddress: { max: 2, windowMs: 60_000 } } })
    provider.signInAs(googleAccount())
    const back = await toProviderAndBack(limited)
    await toProviderAndBack(limited)
    const third = await limited.request('GET', startPath(APP_CALLBACK))
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBeTruthy()
    expect((await callback(limited, back)).get('token')).toBeTruthy()
    await limited.request('GET', '/api/auth/oauth/google/callback?state=x&code=y')
    refused(await callback(limited, back), 'too_many_attempts', null)
  })

  it('a provider that cannot be reached answers 503 with a message, and is discovered once it is back', async () => {
    const port = await freePort()
    const down = new TestApp(await getDatabase(), { config: { ...googleConfig(), oidcIssuer: `http://127.0.0.1:${port}` } })
    const res = await down.request('GET', startPath(APP_CALLBACK))
    expect([res.status, res.json]).toEqual([503, { message: OAUTH_MESSAGES.unavailable }])
    const late = await startOidcProvider(port)
    try {
      late.signInAs(googleAccount())
      expect((await roundTrip(down)).get('token')).toBeTruthy()
    } finally {
      await late.stop()
    }
  })

  it('answers 503 "not configured" without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, and public config says it is off', async () => {
    const off = new TestApp(await getDatabase())
    const res = await off.request('GET', startPath('http://localhost:8080/oauth/callback'))
    expect([res.status, res.json]).toEqual([503, { message: OAUTH_MESSAGES.notConfigured }])
    expect((await off.request('GET', '/api/public/config')).json.googleSignIn).toBe(false)
    expect((await t.request('GET', '/api/public/config')).json.googleSignIn).toBe(true)
  })
})
