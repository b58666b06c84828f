// Owns every REST call of the browser: JSON in and out, the bearer token, the error texts of spec section 8,
// and the one token refresh + one retry that follows a 401 (spec section 4).
import * as v from 'valibot'
import { AuthResponseSchema, MESSAGES } from '../contract/auth.ts'
import { endSession, readTokens, storeTokens } from './tokens.ts'

export const API_PREFIX = '/api'
// The same lock name as the sync engine's transport (src/sync/transport.ts), so page and worker never refresh at once.
const REFRESH_LOCK = 'qrtee:token-refresh'

export class ApiError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown
  /** false for the public calls of spec section 6: no bearer header and no refresh on 401. */
  auth?: boolean
  headers?: Record<string, string>
  signal?: AbortSignal
}

const ErrorBodySchema = v.object({ message: v.pipe(v.string(), v.minLength(1)) })

/** Calls the API and returns the decoded body: JSON, text, or undefined for 204/205/empty answers. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const auth = options.auth ?? true
  const sentToken = auth ? readTokens().token : null
  let response = await send(path, options, sentToken)
  if (auth && response.status === 401) {
    let freshToken: string
    try {
      freshToken = await refreshTokensOnce(sentToken)
    } catch (err) {
      // A refused refresh ends the session; a network failure does not (the user may just be offline).
      if (err instanceof ApiError && [400, 401, 403].includes(err.status)) endSession()
      throw err
    }
    response = await send(path, options, freshToken)
    if (response.status === 401 || response.status === 403) {
      const error = await errorFrom(response)
      endSession()
      throw error
    }
  }
  if (!response.ok) throw await errorFrom(response)
  return readBody(response)
}

/** apiRequest whose answer is checked against a schema, so callers never cast what the network sent. */
export async function apiCall<TSchema extends v.GenericSchema>(
  schema: TSchema,
  path: string,
  options?: ApiRequestOptions,
): Promise<v.InferOutput<TSchema>> {
  const body = await apiRequest(path, options)
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw new ApiError('Unexpected response from the server', 200)
  return parsed.output
}

let refreshing: Promise<string> | undefined

/**
 * Rotates the token pair and returns the new access token. Concurrent callers in this tab share one request;
 * other tabs wait on a Web Lock and, if one of them already rotated, reuse its token instead of spending the
 * refresh token twice (which the server would treat as replay).
 * `staleToken` is the access token that was refused (null when there was none).
 */
export function refreshTokensOnce(staleToken: string | null = readTokens().token): Promise<string> {
  refreshing ??= withRefreshLock(() => rotateTokens(staleToken)).finally(() => {
    refreshing = undefined
  })
  return refreshing
}

async function rotateTokens(staleToken: string | null): Promise<string> {
  const current = readTokens()
  if (current.token && current.token !== staleToken) return current.token
  if (!current.refreshToken) throw new ApiError(MESSAGES.noRefreshToken, 401)
  const response = await send('/auth/refresh', { method: 'POST', body: { refreshToken: current.refreshToken } }, null)
  if (!response.ok) {
    // Without Web Locks two tabs can race; the loser gets 401 (docs/decisions/010) while the winner has already
    // stored a fresh pair, which is then ours to use rather than a reason to sign out.
    const after = readTokens()
    if (after.token && after.refreshToken && after.refreshToken !== current.refreshToken) return after.token
    throw await errorFrom(response)
  }
  const parsed = v.safeParse(AuthResponseSchema, await readBody(response))
  if (!parsed.success) throw new ApiError('Unexpected response from the server', response.status)
  storeTokens(parsed.output)
  return parsed.output.token
}

function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return locks ? locks.request(REFRESH_LOCK, run) : run()
}

function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['Content-Type'] = 'application/json'
  }
  if (token) headers.Authorization = `Bearer ${token}`
  return fetch(`${API_PREFIX}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal })
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (text === '') return undefined
  if (/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined)
  const parsed = v.safeParse(ErrorBodySchema, body)
  const message = parsed.success ? parsed.output.message : `Request failed with status ${response.status}`
  return new ApiError(message, response.status)
}
