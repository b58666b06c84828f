// HTTP for the engine: bearer auth, one token refresh across all tabs at once (a lock), one retry, typed failures.
import * as v from 'valibot'
import { AuthResponseSchema } from '../contract/auth.ts'
import { userIdFromAccessToken } from '../local/session.ts'
import type { LockManagerLike } from './locks.ts'

export type TokenPair = { token: string; refreshToken: string }

/** Where the tokens live: the page's localStorage, reached from the worker through comlink. */
export type TokenStore = {
  read(): Promise<TokenPair | null>
  write(pair: TokenPair): Promise<void>
  /** Clears both tokens and fires the app's global logout event (the outbox stays). */
  signOut(): Promise<void>
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** No answer, a 5xx, or a "try again later" status: nothing was decided, so the same request may be sent again. */
export class TransientError extends Error {
  override name = 'TransientError'
}

/** The refresh token was refused (expired, revoked): the owner must sign in again. */
export class AuthLostError extends Error {
  override name = 'AuthLostError'
  constructor() {
    super('Signed out: please sign in again')
  }
}

export type ApiRequest = { method: string; path: string; json?: unknown; body?: Blob; contentType?: string; idempotencyKey?: string }
export type ApiResponse = { status: number; body: unknown; retryAfter?: string | null }

export const REFRESH_LOCK = 'qrtee:token-refresh'

// 408/425/429 ask for a later retry; 409 is the server's "same Idempotency-Key still in progress".
const RETRY_LATER = new Set([408, 409, 425, 429])

export function isTransientStatus(status: number): boolean {
  return status >= 500 || RETRY_LATER.has(status)
}

export type TransportOptions = {
  fetch: FetchLike
  baseUrl: string
  tokens: TokenStore
  locks: LockManagerLike
  timeoutMs?: number
  /** Pauses before resending a refresh whose answer never came; each must fit the server's 30 s grace window. */
  refreshRetryDelaysMs?: readonly number[]
}

/**
 * A refresh whose answer was lost has rotated the token on the server: the same token sent again within the grace
 * window gets a fresh pair of its family (docs/decisions/086-refresh-grace-reissues.md), after it the family is revoked.
 * So the resend comes at once, not after the pass's backoff.
 */
const REFRESH_RETRY_DELAYS_MS = [250, 1_000, 3_000]

export function createTransport({ fetch, baseUrl, tokens, locks, timeoutMs = 30_000, refreshRetryDelaysMs = REFRESH_RETRY_DELAYS_MS }: TransportOptions) {
  let refreshInFlight: Promise<TokenPair> | undefined

  async function call(request: ApiRequest, token: string | undefined): Promise<ApiResponse> {
    const headers: Record<string, string> = {}
    if (token) headers.Authorization = `Bearer ${token}`
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey
    let body: BodyInit | undefined = request.body
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(request.json)
    } else if (request.contentType) headers['Content-Type'] = request.contentType
    let res: Response
    try {
      res = await fetch(new URL(request.path, baseUrl).toString(), { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new TransientError(error instanceof Error ? error.message : 'Network error')
    }
    const text = await res.text().catch(() => '')
    return { status: res.status, body: parseBody(text), retryAfter: res.headers.get('Retry-After') }
  }

  /** POST /api/auth/refresh, sent again (same token) while no answer comes, within the grace window. */
  async function refreshCall(refreshToken: string): Promise<ApiResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call({ method: 'POST', path: '/api/auth/refresh', json: { refreshToken } }, undefined)
      } catch (error) {
        const delay = refreshRetryDelaysMs[attempt]
        if (!(error instanceof TransientError) || delay === undefined) throw error
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
  }

  /**
   * One refresh for everyone holding `staleToken`: under the lock, a tab that finds the token already rotated by
   * another tab uses the new pair instead of spending the (single-use) refresh token again.
   */
  function refreshTokensOnce(staleToken: string | undefined): Promise<TokenPair> {
    refreshInFlight ??= locks
      .request(REFRESH_LOCK, {}, async () => {
        const current = await tokens.read()
        if (!current) throw new AuthLostError()
        if (current.token !== staleToken) return current
        const res = await refreshCall(current.refreshToken)
        if (isTransientStatus(res.status)) throw new TransientError(`Token refresh answered ${res.status}`)
        const pair = v.safeParse(AuthResponseSchema, res.body)
        if (res.status >= 300 || !pair.success) {
          await tokens.signOut()
          throw new AuthLostError()
        }
        await tokens.write(pair.output)
        return pair.output
      })
      .finally(() => {
        refreshInFlight = undefined
      })
    return refreshInFlight
  }

  /** Sends with the stored access token; a 401 refreshes once and retries once; 401/403 on the retry signs out (spec 4). */
  async function send(request: ApiRequest): Promise<ApiResponse> {
    const stored = await tokens.read()
    if (!stored) throw new AuthLostError()
    const first = await call(request, stored.token)
    if (first.status !== 401) return first
    const fresh = await refreshTokensOnce(stored.token)
    const second = await call(request, fresh.token)
    if (second.status === 401 || second.status === 403) {
      await tokens.signOut()
      throw new AuthLostError()
    }
    return second
  }

  /** For a 401 inside a push batch: the batch call itself was accepted, so refresh the pair we hold now. */
  async function refreshAfterUnauthorized(): Promise<void> {
    const stored = await tokens.read()
    if (!stored) throw new AuthLostError()
    await refreshTokensOnce(stored.token)
  }

  /** Whose tokens these are (refreshing first when only a refresh token is stored), or undefined when signed out. */
  async function currentUserId(): Promise<string | undefined> {
    let stored = await tokens.read()
    if (!stored) return undefined
    if (!userIdFromAccessToken(stored.token)) stored = await refreshTokensOnce(stored.token)
    return userIdFromAccessToken(stored.token)
  }

  return { send, refreshTokensOnce, refreshAfterUnauthorized, currentUserId, signOut: () => tokens.signOut() }
}

export type Transport = ReturnType<typeof createTransport>

function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The server's `{message}`, else the spec's generic text (section 8). */
export function messageOf(response: ApiResponse): string {
  const parsed = v.safeParse(v.object({ message: v.string() }), response.body)
  return parsed.success ? parsed.output.message : `Request failed with status ${response.status}`
}
