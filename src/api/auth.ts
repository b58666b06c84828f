// Owns the account calls of spec section 7 (register, login, logout) and the Google sign-in address.
import * as v from 'valibot'
import { AuthResponseSchema, type LoginInput, type RegisterInput } from '../contract/auth.ts'
import { API_PREFIX, apiCall, apiRequest } from './client.ts'
import { clearTokens, readTokens, storeTokens } from './tokens.ts'

export async function register(input: RegisterInput): Promise<void> {
  const tokens = await apiCall(AuthResponseSchema, '/auth/register', { method: 'POST', body: input, auth: false })
  storeTokens(tokens)
}

export async function login(input: LoginInput): Promise<void> {
  const tokens = await apiCall(AuthResponseSchema, '/auth/login', { method: 'POST', body: input, auth: false })
  storeTokens(tokens)
}

/** Forgets the session at once; revoking the refresh token on the server is best effort (it may be offline). */
export async function logout(): Promise<void> {
  const { refreshToken } = readTokens()
  clearTokens()
  if (!refreshToken) return
  await apiRequest('/auth/logout', { method: 'POST', body: { refreshToken }, auth: false }).catch(() => undefined)
}

/**
 * Where the browser goes to start Google sign-in; the provider returns to our own /oauth/callback. `signInState` is
 * the tab's single-use value, which the server echoes back as `?signInState=` on that callback (decision 079).
 */
/** `fresh`: a re-authentication before a sensitive change; the provider asks again (max_age=0, issue 24). */
export function googleSignInUrl(origin: string, signInState?: string, fresh = false): string {
  const query = new URLSearchParams({ redirectUri: `${origin}/oauth/callback` })
  if (signInState !== undefined) query.set('signInState', signInState)
  if (fresh) query.set('fresh', '1')
  return `${API_PREFIX}/auth/oauth/google?${query.toString()}`
}

/** 'Connect Google' (issue 24): the server records the signed-in owner's attempt and answers the provider's address. */
export async function googleConnectUrl(origin: string, signInState: string): Promise<string> {
  const answer = await apiCall(v.object({ url: v.string() }), '/auth/oauth/google/connect', { method: 'POST', body: { redirectUri: `${origin}/oauth/callback`, signInState } })
  return answer.url
}
