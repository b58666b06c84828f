// The engine's view of HTTP: the shared core (src/api/http-core.ts) with the worker's token store, plus the few
// questions only the engine asks (whose tokens are these, refresh after a 401 inside a batch).
import { createHttpCore, SessionEndedError, type FetchLike, type HttpRequest, type HttpResponse } from '../api/http-core.ts'
import type { ProgressFetch, Timers } from '../api/progress-upload.ts'
import type { TokenStore } from '../api/token-store.ts'
import { FencedError } from '../local/generation.ts'
import { userIdFromAccessToken } from '../local/session.ts'
import type { LockManagerLike } from '../api/locks.ts'

export { isTransientStatus, messageOf, SessionEndedError, TransientError } from '../api/http-core.ts'
export type { FetchLike } from '../api/http-core.ts'
export type { TokenPair, TokenStore } from '../api/token-store.ts'

export type ApiRequest = HttpRequest
/** An answer as the engine records it: a whole response, or one operation's result inside a push. */
export type ApiResponse = Pick<HttpResponse, 'status' | 'body'> & { retryAfter?: string | null }

/** Shown in the sync state when the engine stops because the owner must sign in again. */
export const SIGNED_OUT_MESSAGE = 'Signed out: please sign in again'

export type TransportOptions = {
  fetch: FetchLike
  baseUrl: string
  tokens: TokenStore
  locks: LockManagerLike
  timeoutMs?: number
  /** Uploads with progress events (XHR in the worker): aborted only after a stall, never at timeoutMs. */
  progressFetch?: ProgressFetch
  timers?: Timers
  /** Pauses before resending a refresh whose answer never came; each must fit the server's 30 s grace window. */
  refreshRetryDelaysMs?: readonly number[]
}

const signedOut = () => new SessionEndedError(SIGNED_OUT_MESSAGE, 401)

export function createTransport({ timeoutMs = 30_000, ...options }: TransportOptions) {
  const { tokens } = options
  const core = createHttpCore({ ...options, timeoutMs })

  /** Sends with the stored token (see core.send); a worker without any token is signed out and sends nothing. */
  async function send(request: ApiRequest): Promise<ApiResponse> {
    const stored = await tokens.read()
    if (!stored.token && !stored.refreshToken) throw signedOut()
    return core.send(request)
  }

  /** For a 401 inside a push batch: the batch call itself was accepted, so refresh the pair we hold now. */
  async function refreshAfterUnauthorized(): Promise<void> {
    const stored = await tokens.read()
    if (!stored.refreshToken) throw signedOut()
    await core.refreshTokensOnce(stored.token)
  }

  /** Whose tokens these are (refreshing first when only a refresh token is stored), or undefined when signed out. */
  async function currentUserId(): Promise<string | undefined> {
    const stored = await tokens.read()
    if (!stored.refreshToken) return undefined
    const current = stored.token ?? ''
    return userIdFromAccessToken(userIdFromAccessToken(current) ? current : await core.refreshTokensOnce(stored.token))
  }

  /**
   * The same transport bound to one owner's session (issue 25, deliverable 10): every request it sends carries a token
   * of `owner` or is not sent at all (FencedError, the pass ends 'interrupted'). A batch taken before a logout and
   * another owner's sign-in therefore never lands on the second owner's account.
   */
  function boundTo(owner: string): Transport {
    const checkToken = (token: string | null) => {
      if (token !== null && userIdFromAccessToken(token) !== owner) throw new FencedError()
    }
    return {
      send: (request) => send({ ...request, checkToken }),
      async refreshAfterUnauthorized() {
        const stored = await tokens.read()
        if (stored.token !== null && userIdFromAccessToken(stored.token) !== owner) throw new FencedError()
        await refreshAfterUnauthorized()
      },
      currentUserId,
      signOut: () => tokens.end(),
      boundTo,
    }
  }

  return { send, refreshAfterUnauthorized, currentUserId, signOut: () => tokens.end(), boundTo }
}

export type Transport = {
  send(request: ApiRequest): Promise<ApiResponse>
  refreshAfterUnauthorized(): Promise<void>
  currentUserId(): Promise<string | undefined>
  signOut(): Promise<void>
  boundTo(owner: string): Transport
}
