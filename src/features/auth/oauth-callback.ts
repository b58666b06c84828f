// Owns the arrival from Google sign-in: the tokens in /oauth/callback's query are stored and erased from the
// address bar and history before anything renders (docs/shared security: tokens in the callback query).
import * as v from 'valibot'
import { storeTokens } from '../../api/tokens.ts'

export const OAUTH_CALLBACK_PATH = '/oauth/callback'

const CallbackQuerySchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  refreshToken: v.pipe(v.string(), v.minLength(1)),
})

/**
 * Runs in main.tsx before the router exists. With both tokens: stores them and replaces the entry with /dashboard.
 * Without: still replaces the entry with the bare path, so a half-sent token never stays in history.
 * Returns whether a session was stored.
 */
export function consumeOAuthCallback(location: Location, history: History): boolean {
  if (location.pathname.replace(/\/+$/, '') !== OAUTH_CALLBACK_PATH) return false
  const params = new URLSearchParams(location.search)
  const parsed = v.safeParse(CallbackQuerySchema, { token: params.get('token'), refreshToken: params.get('refreshToken') })
  if (parsed.success) {
    storeTokens(parsed.output)
    history.replaceState(null, '', '/dashboard')
    return true
  }
  const error = params.get('error')
  history.replaceState(null, '', error ? `${OAUTH_CALLBACK_PATH}?error=${encodeURIComponent(error)}` : OAUTH_CALLBACK_PATH)
  return false
}
