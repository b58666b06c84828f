// Owns where the HTTP core finds the session: the page's tokens in localStorage, or the worker's, lent by the page.
import * as v from 'valibot'
import { TokenPairSchema } from '../contract/messages.ts'
import { endSession, readTokens, storeTokens } from './tokens.ts'
import { rememberSessionEnd, type SessionEndReason, sessionEndReasonOf } from './signed-out-reason.ts'

export type { SessionEndReason }

export type TokenPair = { token: string; refreshToken: string }

/** What is stored now; either may be missing (a refresh token alone reads as an expired access token). */
export type StoredTokens = { token: string | null; refreshToken: string | null }

export type TokenStore = {
  read(): Promise<StoredTokens>
  /** Keeps a rotated pair where every tab and the worker will find it. */
  write(pair: TokenPair): Promise<void>
  /**
   * Clears both tokens and tells the app the session is over (spec 4: the global logout event). `reason`: what the
   * server said ended it, which the login page then says: the owner ended this device from another one (issue 24),
   * or the account itself is gone, whose data the page also wipes from the device.
   */
  end(reason?: SessionEndReason): Promise<void>
}

/** The page's store: localStorage under the spec's keys, shared by every tab of the origin. */
export const localTokenStore: TokenStore = {
  read: async () => readTokens(),
  write: async (pair) => storeTokens(pair),
  end: async (reason) => signOutPage(reason),
}

/** The page's own end of a session; the reason is kept before the logout event sends the tab to /login. */
function signOutPage(given: unknown): void {
  // From a worker this crosses a boundary: only a known reason counts, and the words are always the page's own.
  const reason = sessionEndReasonOf(given)
  if (reason) rememberSessionEnd(reason)
  endSession(reason)
}

/** The page side of what a worker may ask about the session (a comlink proxy in the browser). */
export type TokenBridge = {
  readTokens(): Promise<unknown>
  writeTokens(pair: TokenPair): Promise<void>
  signOut(reason?: SessionEndReason): Promise<void>
}

/** What the page hands a worker: null when there is no refresh token (signed out). */
export function tokensForWorker(): TokenPair | null {
  const { token, refreshToken } = readTokens()
  return refreshToken ? { token: token ?? '', refreshToken } : null
}

/** The page's answers to its worker: localStorage read, a rotation written back, the session ended. */
export const pageTokenBridge: TokenBridge = {
  readTokens: async () => tokensForWorker(),
  writeTokens: async (pair) => storeTokens(v.parse(TokenPairSchema, pair)),
  // The worker has no sessionStorage: the reason it learnt from a refused refresh is kept here, by the page it serves.
  signOut: async (reason) => signOutPage(reason),
}

/**
 * The worker's store: tokens handed over by the page, rotations reported back to it. It asks the page on every read
 * instead of keeping a copy, because another tab may have rotated the pair meanwhile; a stale copy would spend a
 * refresh token that is already used, which the server treats as theft once the grace window is over (decision 086).
 */
export function bridgedTokenStore(bridge: TokenBridge): TokenStore {
  return {
    async read() {
      // The page's answer crosses a boundary: a malformed pair reads as "no tokens".
      const parsed = v.safeParse(v.nullable(TokenPairSchema), await bridge.readTokens())
      if (!parsed.success || !parsed.output) return { token: null, refreshToken: null }
      return { token: parsed.output.token || null, refreshToken: parsed.output.refreshToken }
    },
    write: (pair) => bridge.writeTokens(pair),
    end: (reason) => bridge.signOut(reason),
  }
}
