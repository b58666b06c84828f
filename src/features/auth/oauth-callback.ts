// Owns the arrival from Google sign-in: tokens in /oauth/callback's query are taken only when they answer a sign-in this
// tab started (a single-use random value kept in sessionStorage, echoed back by the server), and are erased from the
// address bar and history before anything renders, accepted or not (docs/decisions/079).
import * as v from 'valibot'
import { storeTokens } from '../../api/tokens.ts'

export const OAUTH_CALLBACK_PATH = '/oauth/callback'
/** The query parameter the server appends to its redirect to /oauth/callback, echoing the value the tab sent it. */
export const SIGN_IN_STATE_PARAM = 'signInState'
/** Where the tab keeps the value between leaving for the provider and coming back; per tab, gone with the tab. */
export const SIGN_IN_STATE_KEY = 'qrtee:oauth-sign-in-state'
/** `?link=ignored` on the bare callback address after tokens were thrown away, so the page can say why. */
export const IGNORED_PARAM = 'link'
export const IGNORED_VALUE = 'ignored'

const Token = v.pipe(v.string(), v.minLength(1))

export type CallbackQuery = { token: string | null; refreshToken: string | null; signInState: string | null; error: string | null }

export type CallbackDecision =
  | { kind: 'accept'; tokens: { token: string; refreshToken: string } }
  /** Tokens arrived that no sign-in of this tab asked for (a forged link, a replay, another tab's flow): dropped. */
  | { kind: 'ignore' }
  /** No tokens: the provider refused, or the link was cut. */
  | { kind: 'failed'; error: string | null }

/**
 * The pure decision. Any token in the query is either accepted whole or dropped: accepted only with both tokens and
 * an echoed value equal to the one this tab stored. Without tokens, the provider's error (if any) is shown.
 */
export function decideOAuthCallback(query: CallbackQuery, expectedState: string | null): CallbackDecision {
  if (query.token === null && query.refreshToken === null) return { kind: 'failed', error: query.error }
  const started = expectedState !== null && expectedState !== '' && query.signInState === expectedState
  const token = v.safeParse(Token, query.token)
  const refreshToken = v.safeParse(Token, query.refreshToken)
  if (!started || !token.success || !refreshToken.success) return { kind: 'ignore' }
  return { kind: 'accept', tokens: { token: token.output, refreshToken: refreshToken.output } }
}

/** A fresh unguessable value (128 bits, base64url) for one sign-in, stored for the tab's return. */
export function beginSignInState(storage: Storage | undefined = safeSessionStorage()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const state = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  try {
    storage?.setItem(SIGN_IN_STATE_KEY, state)
  } catch {
    // Storage refused (some private modes): the callback will then drop the tokens, which fails safe.
  }
  return state
}

/** Reads and removes the stored value: each value answers at most one callback. */
function takeSignInState(storage: Storage | undefined): string | null {
  try {
    const value = storage?.getItem(SIGN_IN_STATE_KEY) ?? null
    storage?.removeItem(SIGN_IN_STATE_KEY)
    return value
  } catch {
    return null
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

export type CallbackOutcome = 'not-callback' | 'signed-in' | 'ignored' | 'failed'

/**
 * Runs in main.tsx before the router exists. Accepted: stores the tokens and replaces the entry with /dashboard.
 * Otherwise the stored session is left exactly as it was, and the entry becomes the bare callback path (with
 * `?link=ignored` or the provider's `?error=`), so no token ever stays in the address bar or history.
 */
export function consumeOAuthCallback(location: Location, history: History, storage: Storage | undefined = safeSessionStorage()): CallbackOutcome {
  if (location.pathname.replace(/\/+$/, '') !== OAUTH_CALLBACK_PATH) return 'not-callback'
  const params = new URLSearchParams(location.search)
  // A reload of the page that already said 'ignored' keeps saying it; there is nothing left to decide.
  if (params.get(IGNORED_PARAM) === IGNORED_VALUE && !params.has('token') && !params.has('refreshToken')) return 'ignored'
  const query: CallbackQuery = {
    token: params.get('token'),
    refreshToken: params.get('refreshToken'),
    signInState: params.get(SIGN_IN_STATE_PARAM),
    error: params.get('error'),
  }
  const decision = decideOAuthCallback(query, takeSignInState(storage))
  if (decision.kind === 'accept') {
    storeTokens(decision.tokens)
    history.replaceState(null, '', '/dashboard')
    return 'signed-in'
  }
  if (decision.kind === 'ignore') {
    history.replaceState(null, '', `${OAUTH_CALLBACK_PATH}?${IGNORED_PARAM}=${IGNORED_VALUE}`)
    return 'ignored'
  }
  history.replaceState(null, '', decision.error ? `${OAUTH_CALLBACK_PATH}?error=${encodeURIComponent(decision.error)}` : OAUTH_CALLBACK_PATH)
  return 'failed'
}
