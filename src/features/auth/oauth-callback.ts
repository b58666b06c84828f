// Owns the arrival from Google sign-in: the one-time code in /oauth/callback's query is exchanged by POST for the token
// pair only when it answers a sign-in this tab started (a single-use random value kept in sessionStorage, echoed back by
// the server), and is erased from the address bar and history before anything renders (decisions 079 and 134). Tokens
// in the address are never accepted: the server no longer sends any.
import * as v from 'valibot'
import { readTokens, storeTokens } from '../../api/tokens.ts'
import { AuthResponseSchema } from '../../contract/auth.ts'
import { OAUTH_ERROR_CODES, type OAuthErrorCode } from '../../contract/sign-in-methods.ts'
import { GOOGLE_ACCOUNT_EXISTS_NO_MAIL_SENTENCE, GOOGLE_ACCOUNT_EXISTS_SENTENCE } from '../../contract/account-recovery.ts'
import { DEFAULT_AFTER_SIGN_IN, isSameOriginPath } from '../../lib/safe-redirect.ts'

export const OAUTH_CALLBACK_PATH = '/oauth/callback'
/** The query parameter the server appends to its redirect to /oauth/callback, echoing the value the tab sent it. */
export const SIGN_IN_STATE_PARAM = 'signInState'
/** Where the tab keeps the value between leaving for the provider and coming back; per tab, gone with the tab. */
export const SIGN_IN_STATE_KEY = 'qrtee:oauth-sign-in-state'
/** The page the owner was on their way to when they chose Google (the login page's `redirect`), kept the same way. */
export const RETURN_TO_KEY = 'qrtee:oauth-return-to'
/** Set when a signed-in owner left from Profile settings (connect, confirm): every outcome goes back there, not /login. */
export const FROM_SETTINGS_KEY = 'qrtee:oauth-from-settings'
/** The server's `?connected=google` after 'Connect Google': the link is made, the session is the one the tab has. */
export const CONNECTED_PARAM = 'connected'
/** `?link=ignored` on the bare callback address after tokens were thrown away, so the page can say why. */
export const IGNORED_PARAM = 'link'
export const IGNORED_VALUE = 'ignored'

const Token = v.pipe(v.string(), v.minLength(1))

export type CallbackQuery = {
  code: string | null
  token: string | null
  refreshToken: string | null
  signInState: string | null
  error: string | null
  connected?: string | null
}

export type CallbackDecision =
  | { kind: 'exchange'; code: string }
  /** Tokens arrived that no sign-in of this tab asked for (a forged link, a replay, another tab's flow): dropped. */
  | { kind: 'ignore' }
  /** 'Connect Google' linked the account to the owner this tab has signed in; no session changes. */
  | { kind: 'connected' }
  /** No tokens: the provider refused, or the link was cut. */
  | { kind: 'failed'; error: string | null }

/**
 * The pure decision. Any token in the query is either accepted whole or dropped: accepted only with both tokens and
 * an echoed value equal to the one this tab stored. Without tokens, the provider's error (if any) is shown.
 */
export function decideOAuthCallback(query: CallbackQuery, expectedState: string | null): CallbackDecision {
  // Tokens in the address come from no server of ours any more (decision 134): whoever sent them, they are dropped.
  if (query.token !== null || query.refreshToken !== null) return { kind: 'ignore' }
  const started = expectedState !== null && expectedState !== '' && query.signInState === expectedState
  // Only the tab that started the connection is told it worked: a crafted link cannot make the page claim it.
  if (query.code === null && query.connected === 'google' && query.error === null) return started ? { kind: 'connected' } : { kind: 'ignore' }
  if (query.code === null) return { kind: 'failed', error: query.error }
  const code = v.safeParse(Token, query.code)
  if (!started || !code.success) return { kind: 'ignore' }
  return { kind: 'exchange', code: code.output }
}

/**
 * A fresh unguessable value (128 bits, base64url) for one sign-in, stored for the tab's return, with the page to go to
 * afterwards when it is a path on this origin. `fromSettings`: a signed-in owner's connect or confirmation, whose
 * failure goes back to `returnTo` with its reason instead of to /login (the owner is still signed in).
 */
export function beginSignInState(storage: Storage | undefined = safeSessionStorage(), returnTo?: string, fromSettings = false): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const state = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  try {
    storage?.setItem(SIGN_IN_STATE_KEY, state)
    if (returnTo !== undefined && isSameOriginPath(returnTo)) storage?.setItem(RETURN_TO_KEY, returnTo)
    else storage?.removeItem(RETURN_TO_KEY)
    if (fromSettings) storage?.setItem(FROM_SETTINGS_KEY, '1')
    else storage?.removeItem(FROM_SETTINGS_KEY)
  } catch {
    // Storage refused (some private modes): the callback will then drop the tokens, which fails safe.
  }
  return state
}

/** Reads and removes a stored value: each sign-in's values answer at most one callback. */
function take(storage: Storage | undefined, key: string): string | null {
  try {
    const value = storage?.getItem(key) ?? null
    storage?.removeItem(key)
    return value
  } catch {
    return null
  }
}

/** What the login page says for each reason the server gives (the codes of OAUTH_ERROR_CODES). */
export const SIGN_IN_FAILURE_MESSAGES: Record<OAuthErrorCode | 'unknown', string> = {
  cancelled: 'Google sign-in was cancelled.',
  provider_error: 'Google could not sign you in. Please try again.',
  expired: 'The Google sign-in expired or was already used. Please start again.',
  account_exists: GOOGLE_ACCOUNT_EXISTS_SENTENCE,
  account_exists_no_mail: GOOGLE_ACCOUNT_EXISTS_NO_MAIL_SENTENCE,
  other_browser: 'This Google sign-in was started in another browser. Please start again here.',
  unverified_email: 'Your Google account has no verified email address. Verify it with Google, or sign in with your email and password.',
  refused: 'Google could not confirm your sign-in. Please try again.',
  unavailable: 'Google sign-in is unavailable right now. Please try again in a moment.',
  too_many_attempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  already_linked: 'This Google account is already connected to another account here. Disconnect it there first.',
  google_already_connected:
    'This account is already connected to another Google account. Sign in with that one, or disconnect it in Profile settings before connecting another.',
  unknown: 'Google sign-in did not complete. Please try again.',
}

export function signInFailureMessage(code: string | null): string {
  const known = OAUTH_ERROR_CODES.find((candidate) => candidate === code)
  return SIGN_IN_FAILURE_MESSAGES[known ?? 'unknown']
}

// Set by consumeOAuthCallback before the router exists, read by the login page it sends the tab to; kept in memory
// (not in the address) so the reason survives no reload and no crafted link can put words on the page.
let pendingFailure: string | null = null

/** The reason the Google sign-in just failed, if this page load came back from one; see clearSignInFailure. */
export const signInFailure = (): string | null => pendingFailure
export function clearSignInFailure(): void {
  pendingFailure = null
}

/** What Profile settings says after a connect or confirmation that started there came back (kept like pendingFailure). */
export type SettingsReturn = { kind: 'done' | 'error'; text: string }
export const GOOGLE_CONNECTED_TEXT = 'Google is connected. You can now sign in with it too.'
let pendingSettingsReturn: SettingsReturn | null = null
/** Read once by Profile settings: a second render or a later visit says nothing. */
export function takeSettingsReturn(): SettingsReturn | null {
  const value = pendingSettingsReturn
  pendingSettingsReturn = null
  return value
}

/** A failure's way back: to settings (still signed in) when the round trip left from there, else to /login. */
function failTo(history: History, message: string, returnTo: string | null, fromSettings: boolean): void {
  if (fromSettings && returnTo) {
    pendingSettingsReturn = { kind: 'error', text: message }
    history.replaceState(null, '', returnTo)
    return
  }
  pendingFailure = message
  history.replaceState(null, '', returnTo ? `/login?${new URLSearchParams({ redirect: returnTo }).toString()}` : '/login')
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

export type CallbackOutcome = 'not-callback' | 'exchanging' | 'ignored' | 'failed' | 'connected'

let pendingExchange: { code: string; returnTo: string | null; fromSettings: boolean } | null = null

/**
 * Runs in main.tsx before the router exists. Accepted: stores the tokens and replaces the entry with the page the
 * owner came from, else /dashboard. Otherwise the stored session is left exactly as it was: tokens nobody asked for
 * turn the entry into `/oauth/callback?link=ignored`; a failed sign-in turns it into /login, which shows the reason.
 * Either way no token ever stays in the address bar or history.
 */
export function consumeOAuthCallback(location: Location, history: History, storage: Storage | undefined = safeSessionStorage()): CallbackOutcome {
  if (location.pathname.replace(/\/+$/, '') !== OAUTH_CALLBACK_PATH) return 'not-callback'
  const params = new URLSearchParams(location.search)
  // A reload of the page that already said 'ignored' keeps saying it; there is nothing left to decide.
  if (params.get(IGNORED_PARAM) === IGNORED_VALUE && !params.has('token') && !params.has('refreshToken') && !params.has('code')) return 'ignored'
  const query: CallbackQuery = {
    code: params.get('code'),
    token: params.get('token'),
    refreshToken: params.get('refreshToken'),
    signInState: params.get(SIGN_IN_STATE_PARAM),
    error: params.get('error'),
    connected: params.get(CONNECTED_PARAM),
  }
  const decision = decideOAuthCallback(query, take(storage, SIGN_IN_STATE_KEY))
  const stored = take(storage, RETURN_TO_KEY)
  const returnTo = stored !== null && isSameOriginPath(stored) ? stored : null
  const fromSettings = take(storage, FROM_SETTINGS_KEY) === '1'
  if (decision.kind === 'exchange') {
    // The code leaves the address at once; finishOAuthExchange spends it before the router starts.
    history.replaceState(null, '', OAUTH_CALLBACK_PATH)
    pendingExchange = { code: decision.code, returnTo, fromSettings }
    return 'exchanging'
  }
  if (decision.kind === 'connected') {
    pendingSettingsReturn = { kind: 'done', text: GOOGLE_CONNECTED_TEXT }
    history.replaceState(null, '', returnTo ?? DEFAULT_AFTER_SIGN_IN)
    return 'connected'
  }
  if (decision.kind === 'ignore') {
    history.replaceState(null, '', `${OAUTH_CALLBACK_PATH}?${IGNORED_PARAM}=${IGNORED_VALUE}`)
    return 'ignored'
  }
  // Back to the sign-in page (keeping where the owner was going), which says 'Login failed' with the reason; or, for
  // an owner who left from settings, back there with it.
  failTo(history, signInFailureMessage(decision.error), returnTo, fromSettings)
  return 'failed'
}

/**
 * Exchanges the code consumeOAuthCallback kept (POST, with the browser's binding cookie) for the token pair: stored,
 * and the entry becomes the page the owner came from. A refused or failed exchange goes to /login with the reason.
 */
export async function finishOAuthExchange(history: History, fetchImpl: typeof fetch = fetch): Promise<'signed-in' | 'failed' | 'none'> {
  const pending = pendingExchange
  pendingExchange = null
  if (!pending) return 'none'
  // 'Confirm with Google' from settings: the exchange starts a new refresh-token family for this browser, so the one
  // it replaces is signed out, and the device list keeps one row for this device (decision 160).
  const replaced = pending.fromSettings ? readTokens().refreshToken : null
  try {
    const res = await fetchImpl('/api/auth/oauth/exchange', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: pending.code }),
      credentials: 'same-origin',
    })
    const pair = v.safeParse(AuthResponseSchema, res.ok ? await res.json() : null)
    if (pair.success) {
      storeTokens(pair.output)
      if (replaced && replaced !== pair.output.refreshToken) await signOutReplaced(fetchImpl, replaced)
      history.replaceState(null, '', pending.returnTo ?? DEFAULT_AFTER_SIGN_IN)
      return 'signed-in'
    }
    failTo(history, SIGN_IN_FAILURE_MESSAGES.expired, pending.returnTo, pending.fromSettings)
  } catch {
    failTo(history, SIGN_IN_FAILURE_MESSAGES.unavailable, pending.returnTo, pending.fromSettings)
  }
  return 'failed'
}

/** Best effort: a refusal or a lost answer leaves the old family to expire on its own, as before. */
async function signOutReplaced(fetchImpl: typeof fetch, refreshToken: string): Promise<void> {
  try {
    await fetchImpl('/api/auth/logout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken }) })
  } catch {
    // Nothing to do: the new session is stored either way.
  }
}
