// Owns the stored session: the access and refresh tokens in localStorage (spec keys) and the global logout signal.
import { LOGOUT_EVENT } from '../contract/names.ts'
import { writeOwnerMarker } from '../lib/owner-marker.ts'
import { forgetSignedOutReason, type SessionEndReason } from './signed-out-reason.ts'

export const TOKEN_KEY = 'token'
export const REFRESH_TOKEN_KEY = 'refreshToken'

/** Fired on window when the session ends without the user asking (refresh refused); the shell sends them to /login. */
export { LOGOUT_EVENT }

export type StoredTokens = { token: string | null; refreshToken: string | null }

// Storage can throw (disabled cookies, some private modes); a session that cannot be stored is simply absent.
function read(key: string): string | null {
  try {
    const value = globalThis.localStorage?.getItem(key)
    return value ? value : null
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key)
    else globalThis.localStorage?.setItem(key, value)
  } catch {
    // Nothing to do: the next authenticated call will ask the user to sign in again.
  }
}

export function readTokens(): StoredTokens {
  return { token: read(TOKEN_KEY), refreshToken: read(REFRESH_TOKEN_KEY) }
}

export function storeTokens(tokens: { token: string; refreshToken: string }): void {
  write(TOKEN_KEY, tokens.token)
  write(REFRESH_TOKEN_KEY, tokens.refreshToken)
  // A session again (a sign-in, or its rotation): the previous one's end is no longer news to any tab.
  forgetSignedOutReason()
}

export function clearTokens(): void {
  write(TOKEN_KEY, null)
  write(REFRESH_TOKEN_KEY, null)
  // Signed out: this browser's looks at the profile count as scans again (decision 105).
  writeOwnerMarker(null)
}

/** Clears the session and tells the app it is over, and why when the server said (the event's `detail.reason`). */
export function endSession(reason?: SessionEndReason): void {
  clearTokens()
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LOGOUT_EVENT, { detail: { reason } }))
}

export function onSessionEnded(listener: (reason: SessionEndReason | undefined) => void): () => void {
  const heard = (event: Event) => listener((event as CustomEvent<{ reason?: SessionEndReason } | null>).detail?.reason)
  window.addEventListener(LOGOUT_EVENT, heard)
  return () => window.removeEventListener(LOGOUT_EVENT, heard)
}
