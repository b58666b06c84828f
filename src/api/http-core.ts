// Owns authenticated HTTP for the page and the sync worker: the bearer token, one refresh at a time across tabs and
// the worker, one retry, the rules that end a session, and reading answers and their {message}.
import * as v from 'valibot'
import { apiPaths } from '../contract/api-paths.ts'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { RECOVERY_MESSAGES } from '../contract/account-recovery.ts'
import { AuthResponseSchema, MESSAGES } from '../contract/auth.ts'
import { SIGNED_OUT_BY_OWNER } from '../contract/devices.ts'
import { IDEMPOTENCY_KEY_HEADER, REFRESH_LOCK } from '../contract/names.ts'
import type { LockManagerLike } from './locks.ts'
import { isOnline, laterAnswerWords, networkFailureWords } from '../lib/network-words.ts'
import { fallbackUploadCapMs, fetchWithStallTimeout, realTimers, type ProgressFetch, type Timers } from './progress-upload.ts'
import type { StoredTokens, TokenStore } from './token-store.ts'

// REFRESH_LOCK is one Web Lock for every refresh of the origin: tabs and the worker never spend a refresh token twice.
export const REFRESH_PATH = apiPaths.authRefresh

/**
 * A refresh whose answer was lost has rotated the token on the server: the same token sent again within the grace
 * window gets a fresh pair of its family (decision 086), after it the family is revoked. So it is resent at once.
 */
export const REFRESH_RETRY_DELAYS_MS: readonly number[] = [250, 1_000, 3_000]

/** Answers to a refresh that refuse it for good (decisions 040, 082); only these end a session. */
const REFUSED_REFRESH = new Set([400, 401, 403])
// 408/425/429 ask for a later retry; 409 is the server's "same Idempotency-Key still in progress".
const RETRY_LATER = new Set([408, 409, 425, 429])

export function isTransientStatus(status: number): boolean {
  return status >= 500 || RETRY_LATER.has(status)
}

/** An answer that was not a success: the server's {message} (spec section 8) and its status. */
export class ApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

/** The session is over: the refresh was refused, or the call still failed with 401/403 after it. Tokens are cleared. */
export class SessionEndedError extends ApiError {
  override name = 'SessionEndedError'
}

/** No answer (network, timeout, stall), or a refresh answered "later": nothing was decided, the same call may go again. */
export class TransientError extends Error {
  override name = 'TransientError'
  readonly status: number | null
  constructor(message: string, status: number | null = null) {
    super(message)
    this.status = status
  }
}

export type HttpRequest = {
  method: string
  /** From the origin: '/api/...' (and the query). */
  path: string
  json?: unknown
  body?: Blob | FormData | string
  contentType?: string
  idempotencyKey?: string
  headers?: Record<string, string>
  /** false for public calls: no bearer header and no refresh on 401. */
  auth?: boolean
  signal?: AbortSignal
  /** An upload: aborted only after this long without progress, not at the fixed timeout. */
  stallTimeoutMs?: number
  /**
   * Called with the token the request is about to carry, right before it is sent (also after a refresh); it throws
   * when that token is not the session the request was built for (another owner signed in meanwhile).
   */
  checkToken?: (token: string | null) => void
}

export type HttpResponse = { status: number; ok: boolean; body: unknown; retryAfter: string | null }

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export type HttpCoreOptions = {
  tokens: TokenStore
  locks: LockManagerLike
  fetch?: FetchLike
  /** Absolute origin for the worker and tests; the page sends relative paths. */
  baseUrl?: string
  /** Whole-request limit for everything but uploads; none when undefined. */
  timeoutMs?: number
  /** Uploads with progress (XHR in the worker); without it an upload gets a total cap from its size. */
  progressFetch?: ProgressFetch
  timers?: Timers
  refreshRetryDelaysMs?: readonly number[]
}

/** How long a tab that waited behind another tab's refresh looks for the pair it stored, and how often. */
const HANDOVER_WAIT_MS = 1_000
const HANDOVER_POLL_MS = 25

export function createHttpCore(options: HttpCoreOptions) {
  const { tokens, locks, timers = realTimers, refreshRetryDelaysMs = REFRESH_RETRY_DELAYS_MS } = options
  const fetchNow: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let refreshing: Promise<string> | undefined

  async function call(request: HttpRequest, token: string | null): Promise<HttpResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers }
    if (token) headers.Authorization = `Bearer ${token}`
    if (request.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = request.idempotencyKey
    let body: BodyInit | undefined = request.body
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(request.json)
    } else if (request.contentType) headers['Content-Type'] = request.contentType
    const url = options.baseUrl ? new URL(request.path, options.baseUrl).toString() : request.path
    const init: RequestInit = { method: request.method, headers, body }
    let res: Response
    try {
      if (request.stallTimeoutMs !== undefined) res = await sendUpload(url, { ...init, signal: request.signal }, request)
      else res = await fetchNow(url, { ...init, signal: withTimeout(request.signal, options.timeoutMs) })
    } catch (error) {
      // Shown in the sync details and toasts: said in words, never the browser's 'Failed to fetch' (issue 23).
      throw new TransientError(networkFailureWords(error, isOnline()))
    }
    const text = await res.text().catch(() => '')
    return { status: res.status, ok: res.ok, body: parseBody(res, text), retryAfter: res.headers.get('Retry-After') }
  }

  function sendUpload(url: string, init: RequestInit, request: HttpRequest): Promise<Response> {
    const stallMs = request.stallTimeoutMs ?? 30_000
    if (options.progressFetch) return fetchWithStallTimeout(options.progressFetch, url, init, stallMs, timers)
    const bytes = request.body instanceof Blob ? request.body.size : 0
    return fetchNow(url, { ...init, signal: withTimeout(request.signal, fallbackUploadCapMs(bytes, stallMs)) })
  }

  /** The refresh call, sent again with the same token while no answer comes, within the grace window (086). */
  async function refreshCall(refreshToken: string): Promise<HttpResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call({ method: 'POST', path: REFRESH_PATH, json: { refreshToken }, auth: false }, null)
      } catch (error) {
        const delay = refreshRetryDelaysMs[attempt]
        if (!(error instanceof TransientError) || delay === undefined) throw error
        await new Promise((resolve) => timers.setTimeout(() => resolve(undefined), delay))
      }
    }
  }

  /**
   * After waiting for the lock behind another tab's refresh: that tab's new pair may not be in this tab's view of
   * localStorage yet (Chromium hands the lock and the storage change to another renderer on separate channels), so the
   * old pair is read again for a short while before its refresh token is spent a second time.
   */
  async function handedOver(staleToken: string | null): Promise<StoredTokens> {
    let current = await tokens.read()
    for (let waited = 0; waited < HANDOVER_WAIT_MS && current.refreshToken && (!current.token || current.token === staleToken); waited += HANDOVER_POLL_MS) {
      await new Promise((resolve) => timers.setTimeout(() => resolve(undefined), HANDOVER_POLL_MS))
      current = await tokens.read()
    }
    return current
  }

  async function rotate(staleToken: string | null, afterAnother = false): Promise<string> {
    const current = afterAnother ? await handedOver(staleToken) : await tokens.read()
    // Another tab or the worker rotated while we waited for the lock: use its token, spend nothing.
    if (current.token && current.token !== staleToken) return current.token
    if (!current.refreshToken) {
      await tokens.end()
      throw new SessionEndedError(MESSAGES.noRefreshToken, 401)
    }
    const res = await refreshCall(current.refreshToken)
    if (res.ok) {
      const pair = v.safeParse(AuthResponseSchema, res.body)
      if (!pair.success) throw new ApiError('Unexpected response from the server', res.status)
      await tokens.write(pair.output)
      return pair.output.token
    }
    // Without Web Locks two tabs can race; the loser is refused while the winner stored a fresh pair, ours to use.
    const after = await tokens.read()
    if (after.token && after.refreshToken && after.refreshToken !== current.refreshToken) return after.token
    if (REFUSED_REFRESH.has(res.status)) {
      // The owner signed this device out from another one: the login page says so (issue 24), whichever of the page
      // and the sync worker met the refusal (the worker's store hands the reason to the page).
      await tokens.end(messageOf(res) === SIGNED_OUT_BY_OWNER ? 'signed-out-by-owner' : undefined)
      throw new SessionEndedError(messageOf(res), res.status)
    }
    // 5xx, 429, or anything unexpected: decided nothing about the session, which stays.
    if (isTransientStatus(res.status)) throw new TransientError(laterAnswerWords(res.status), res.status)
    throw new ApiError(messageOf(res), res.status)
  }

  /**
   * Rotates the pair and returns the new access token; every caller holding `staleToken` shares one request, and
   * under the lock a pair already rotated elsewhere is used instead (null: there was no access token).
   */
  function refreshTokensOnce(staleToken: string | null): Promise<string> {
    refreshing ??= locks
      .request(REFRESH_LOCK, { ifAvailable: true }, (lock) => (lock ? rotate(staleToken) : undefined))
      .then((token) => token ?? locks.request(REFRESH_LOCK, {}, () => rotate(staleToken, true)))
      .finally(() => {
        refreshing = undefined
      })
    return refreshing
  }

  /** A refresh, then the call again with its token (checked first, when the request is bound to a session). */
  async function refreshAndRetry(request: HttpRequest, staleToken: string | null): Promise<{ res: HttpResponse; token: string }> {
    const token = await refreshTokensOnce(staleToken)
    request.checkToken?.(token)
    return { res: await call(request, token), token }
  }

  /**
   * Sends with the stored token; a 401 refreshes and retries once; a 401/403 on the retry ends the session (spec 4).
   * Only the refresh endpoint decides that a session is over, though (decision 155): a retry refused with 401 asks it
   * once more, because the pair it just gave may have expired before the retry left (a phone asleep between them).
   */
  async function send(request: HttpRequest): Promise<HttpResponse> {
    if (request.auth === false) return call(request, null)
    const stored = await tokens.read()
    request.checkToken?.(stored.token)
    const first = await call(request, stored.token)
    if (first.status !== 401) return first
    // The account itself is gone (deleted here, with the answer lost, or on another device): no refresh can help.
    if (messageOf(first) === ACCOUNT_MESSAGES.gone) {
      await tokens.end('account-gone')
      throw new SessionEndedError(ACCOUNT_MESSAGES.gone, 401)
    }
    let retried = await refreshAndRetry(request, stored.token)
    if (retried.res.status === 401) retried = await refreshAndRetry(request, retried.token)
    const second = retried.res
    // A 403 asking for a recent sign-in (issue 24) is about the change, not the session: the page asks to confirm.
    if (second.status === 401 || (second.status === 403 && messageOf(second) !== RECOVERY_MESSAGES.recentSignInRequired)) {
      await tokens.end()
      throw new SessionEndedError(messageOf(second), second.status)
    }
    return second
  }

  return { send, refreshTokensOnce, tokens }
}

export type HttpCore = ReturnType<typeof createHttpCore>

function withTimeout(signal: AbortSignal | undefined, ms: number | undefined): AbortSignal | undefined {
  if (ms === undefined) return signal
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

/** JSON when it says so or looks like it, else the text; an empty answer is undefined. */
function parseBody(res: Response, text: string): unknown {
  if (res.status === 204 || res.status === 205 || text === '') return undefined
  const declaredJson = /[/+]json\b/i.test(res.headers.get('Content-Type') ?? '')
  if (declaredJson || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

const MessageBodySchema = v.object({ message: v.pipe(v.string(), v.minLength(1)) })

/**
 * The server's `{message}`, else the spec's generic text (section 8). An answer without one that asks for later is
 * not our server's (a proxy's HTML 502, a gateway's empty 504): it is said in words, as the sync badge says it
 * (issue 23, decision 192).
 */
export function messageOf(response: Pick<HttpResponse, 'status' | 'body'>): string {
  const parsed = v.safeParse(MessageBodySchema, response.body)
  if (parsed.success) return parsed.output.message
  return isTransientStatus(response.status) ? laterAnswerWords(response.status) : `Request failed with status ${response.status}`
}
