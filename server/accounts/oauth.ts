// GET /api/auth/oauth/google and its callback: Google sign-in (OpenID Connect, state + nonce + PKCE kept in the
// database for one use, the attempt bound to the browser by a cookie), ending in a redirect to the app's
// /oauth/callback with a one-time code and the tab's signInState; POST /oauth/exchange turns the code into tokens.
import { createHash, randomBytes } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { OAuthErrorCode } from '../../src/contract/sign-in-methods.ts'
import { accessTokenKey } from '../http/access-token.ts'
import { signInWithIdentity } from './accounts.ts'
import { connectGoogle } from './google-link.ts'
import { requireAuth } from '../http/require-auth.ts'
import { deviceNameFrom } from './device-name.ts'
import { startSession } from './sessions.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import type { Db } from '../db/client.ts'
import { oauthExchangeCodes, oauthSignInAttempts } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { GoogleConnectSchema, OAuthExchangeSchema } from '../../src/contract/sign-in-methods.ts'
import { withFieldMessages } from './field-messages.ts'

const ExchangeBody = withFieldMessages(OAuthExchangeSchema)
import { type Limit, perAddressLimit, rateLimiterFor, resolveRateLimits } from '../http/rate-limit.ts'
import { createOidcClient, type OidcClient, OidcError } from './oidc.ts'

export const OAUTH_MESSAGES = {
  notConfigured: 'Google sign-in is not configured on this server.',
  redirectUri: "redirectUri must be exactly this app's own /oauth/callback address.",
  signInState: 'signInState must be 1 to 128 letters, digits, - or _.',
  unavailable: 'Google sign-in is unavailable right now. Please try again in a moment.',
  exchangeRefused: 'This Google sign-in has expired, was already used, or was started in another browser. Please start again.',
} as const

/** The one-time code /oauth/callback exchanges by POST for the token pair: this long, once, from the same browser. */
export const EXCHANGE_CODE_MS = 60_000


/** Long enough to choose an account at Google, short enough that a stolen state is soon worthless. */
export const SIGN_IN_ATTEMPT_MS = 10 * 60_000
export const SIGN_IN_STATE_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
const CALLBACK_PATH = '/api/auth/oauth/google/callback'

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url')
const randomValue = () => randomBytes(32).toString('base64url')

/**
 * The cookie that binds an attempt to the browser that started it (RFC 9700 4.7). `__Host-` (Secure, Path=/, no
 * Domain) on https; a plain http installation (localhost, tests) cannot set a Secure cookie, so it goes without prefix.
 */
export const browserCookieName = (publicUrl: string) => (publicUrl.startsWith('https://') ? '__Host-qrtee-oauth' : 'qrtee-oauth')

/** Deletes and returns the attempt of `state`: exactly one callback may use it, on whichever server it arrives. */
async function takeAttempt(db: Db, state: string) {
  const [attempt] = await db.delete(oauthSignInAttempts).where(eq(oauthSignInAttempts.stateHash, hashState(state))).returning()
  return attempt
}

export function oauthRoutes(deps: AppDeps, oidcOverride?: OidcClient) {
  const { database, config, now } = deps
  const { db } = database
  const key = accessTokenKey(config.jwtSecret)
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  const appCallback = `${config.publicUrl}/oauth/callback`
  const cookieName = browserCookieName(config.publicUrl)
  const secure = config.publicUrl.startsWith('https://')
  const browserHashOf = (c: Parameters<typeof getCookie>[0]) => {
    const value = getCookie(c, cookieName)
    return value ? hashState(value) : undefined
  }
  const configured = Boolean(config.googleClientId && config.googleClientSecret)
  const oidc =
    oidcOverride ??
    (configured
      ? createOidcClient({
          issuer: config.oidcIssuer,
          clientId: config.googleClientId ?? '',
          clientSecret: config.googleClientSecret ?? '',
          redirectUri: `${config.publicUrl}${CALLBACK_PATH}`,
        })
      : undefined)
  // Like login: every round trip counts against the address (decision 011's 100 per 15 minutes, shared store of 075).
  const perAddress = (bucket: string, limit: Limit) => perAddressLimit(deps, bucket, limit)

  /** Back to the app's callback page; `signInState` (when known) lets that tab spend its value (decision 079). */
  const toApp = (query: Record<string, string>, signInState: string | undefined) => {
    const params = new URLSearchParams(query)
    if (signInState !== undefined) params.set('signInState', signInState)
    return `${appCallback}?${params.toString()}`
  }

  /**
   * One departure to the provider: its state, nonce and PKCE verifier stored with the hash of a browser cookie set
   * now, so only this browser can finish it (decision 134); answers the provider's address.
   */
  const beginAttempt = async (
    c: Parameters<typeof setCookie>[0],
    attempt: { signInState: string; intent: 'sign-in' | 'reauth' | 'connect'; fresh: boolean; userId?: string },
  ): Promise<string> => {
    if (!oidc) throw new ApiError(503, OAUTH_MESSAGES.notConfigured)
    let start
    try {
      start = await oidc.authorizationStart({ fresh: attempt.fresh })
    } catch (error) {
      if (error instanceof OidcError) throw new ApiError(503, OAUTH_MESSAGES.unavailable)
      throw error
    }
    const at = now()
    // SameSite=Lax: the cookie comes back on the provider's top-level redirect, never on a cross-site subrequest.
    const browserSecret = randomValue()
    setCookie(c, cookieName, browserSecret, { path: '/', httpOnly: true, secure, sameSite: 'Lax', maxAge: SIGN_IN_ATTEMPT_MS / 1000 })
    // Expired attempts go as new ones come; each is a few hundred bytes, so this keeps the table small.
    await db.delete(oauthSignInAttempts).where(lt(oauthSignInAttempts.expiresAt, at))
    await db.insert(oauthSignInAttempts).values({
      stateHash: hashState(start.state),
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      signInState: attempt.signInState,
      intent: attempt.intent,
      userId: attempt.userId,
      browserHash: hashState(browserSecret),
      expiresAt: new Date(at.getTime() + SIGN_IN_ATTEMPT_MS),
      createdAt: at,
    })
    return start.url.href
  }

  return new Hono<AppEnv>()
    .get('/oauth/google', perAddress('oauth-start', limits.loginPerAddress), async (c) => {
      if (!oidc) throw new ApiError(503, OAUTH_MESSAGES.notConfigured)
      // An exact match, not a prefix or a parse: another origin, //host, javascript:, a path or a query all differ.
      if (c.req.query('redirectUri') !== appCallback) throw new ApiError(400, OAUTH_MESSAGES.redirectUri)
      const signInState = c.req.query('signInState')
      if (signInState === undefined || !SIGN_IN_STATE_PATTERN.test(signInState)) throw new ApiError(400, OAUTH_MESSAGES.signInState)
      // fresh=1: a re-authentication before a sensitive change (issue 24): the provider must ask again (max_age=0).
      const fresh = c.req.query('fresh') === '1'
      const url = await beginAttempt(c, { signInState, intent: fresh ? 'reauth' : 'sign-in', fresh })
      return c.redirect(url, 302)
    })
    // 'Connect Google' (issue 24): the signed-in owner starts the round trip by an authenticated POST (a navigation
    // carries no bearer token), and the callback links the Google subject to that owner instead of signing in.
    .post('/oauth/google/connect', perAddress('oauth-start', limits.loginPerAddress), requireAuth(deps), validate('json', GoogleConnectSchema), async (c) => {
      if (!oidc) throw new ApiError(503, OAUTH_MESSAGES.notConfigured)
      const { redirectUri, signInState } = c.req.valid('json')
      if (redirectUri !== appCallback) throw new ApiError(400, OAUTH_MESSAGES.redirectUri)
      if (!SIGN_IN_STATE_PATTERN.test(signInState)) throw new ApiError(400, OAUTH_MESSAGES.signInState)
      const url = await beginAttempt(c, { signInState, intent: 'connect', fresh: false, userId: c.var.userId })
      return c.json({ url }, 200)
    })
    .get('/oauth/google/callback', async (c) => {
      // The browser arrives here by navigation, so every refusal is a redirect to the app, never a JSON page; the
      // reason is one of a fixed set of codes (OAUTH_ERROR_CODES), never the provider's text.
      const fail = (error: OAuthErrorCode, signInState?: string) => c.redirect(toApp({ error }, signInState), 302)
      try {
        await limiter.enforce('oauth-callback', addressKey(clientAddress(c, config.trustProxy)), limits.loginPerAddress)
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) return fail('too_many_attempts')
        throw error
      }
      if (!oidc) return fail('unavailable')
      const state = c.req.query('state')
      // Taken (deleted) before anything else: a replayed state or code finds nothing, whatever happens next.
      const attempt = state ? await takeAttempt(db, state) : undefined
      if (!state || !attempt || attempt.expiresAt.getTime() <= now().getTime()) return fail('expired', attempt?.signInState)
      // Another browser holding the right code and state (a forwarded or intercepted redirect) stops here.
      const browserHash = browserHashOf(c)
      if (!attempt.browserHash || browserHash !== attempt.browserHash) return fail('other_browser', attempt.signInState)
      const providerError = c.req.query('error')
      if (providerError !== undefined) return fail(providerError === 'access_denied' ? 'cancelled' : 'provider_error', attempt.signInState)
      // Rebuilt on PUBLIC_URL: behind a proxy the request's own URL may name an internal host.
      const callbackUrl = new URL(`${config.publicUrl}${CALLBACK_PATH}${new URL(c.req.url).search}`)
      let identity
      try {
        identity = await oidc.finish(callbackUrl, { state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier })
      } catch (error) {
        if (error instanceof OidcError) return fail(error.reason === 'unavailable' ? 'unavailable' : 'refused', attempt.signInState)
        throw error
      }
      if (!identity.emailVerified || identity.email === undefined) return fail('unverified_email', attempt.signInState)
      // A fresh sign-in must really be fresh: the provider's auth_time no earlier than this attempt (a minute of skew).
      const fresh = attempt.intent === 'reauth'
      if (fresh && (!identity.authTime || identity.authTime.getTime() < attempt.createdAt.getTime() - 60_000)) return fail('refused', attempt.signInState)
      if (attempt.intent === 'connect' && attempt.userId) {
        // The owner is signed in already: their session stays as it is (one device, one family), so the page gets
        // no code to exchange, only whether the link was made.
        const link = { provider: 'google' as const, subject: identity.subject, email: identity.email }
        const connected = await connectGoogle(db, attempt.userId, link, now())
        return connected === 'connected' ? c.redirect(toApp({ connected: 'google' }, attempt.signInState), 302) : fail(connected, attempt.signInState)
      }
      const owner = await signInWithIdentity(db, { provider: 'google', subject: identity.subject, email: identity.email }, now())
      // Without account mail the way back is the password or the operator, not a reset by mail (decision 135).
      const exists = config.smtpUrl ? 'account_exists' : 'account_exists_no_mail'
      if (!('userId' in owner)) return fail(owner.outcome === 'other-google' ? 'google_already_connected' : exists, attempt.signInState)
      const ownerId = owner.userId
      // No token in any URL (issue 24): the page gets a one-time code and exchanges it by POST, from this browser.
      const code = randomValue()
      await db.delete(oauthExchangeCodes).where(lt(oauthExchangeCodes.expiresAt, now()))
      await db.insert(oauthExchangeCodes).values({
        codeHash: hashState(code),
        userId: ownerId,
        browserHash,
        authTime: identity.authTime ?? new Date(0),
        deviceName: deviceNameFrom(c.req.header('User-Agent')),
        expiresAt: new Date(now().getTime() + EXCHANGE_CODE_MS),
        createdAt: now(),
      })
      return c.redirect(toApp({ code }, attempt.signInState), 302)
    })
    .post('/oauth/exchange', perAddress('oauth-exchange', limits.loginPerAddress), validate('json', ExchangeBody), async (c) => {
      const { code } = c.req.valid('json')
      // Deleted first: a replay finds nothing, whatever happens next.
      const [row] = await db.delete(oauthExchangeCodes).where(eq(oauthExchangeCodes.codeHash, hashState(code))).returning()
      const browserHash = browserHashOf(c)
      deleteCookie(c, cookieName, { path: '/', secure })
      if (!row || row.expiresAt.getTime() <= now().getTime() || !browserHash || browserHash !== row.browserHash) throw new ApiError(400, OAUTH_MESSAGES.exchangeRefused)
      const authTime = row.authTime.getTime() > 0 ? row.authTime : null
      return c.json(await startSession(db, key, row.userId, now(), { authTime, deviceName: row.deviceName ?? undefined }), 200)
    })
}
