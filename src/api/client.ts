// Owns the page's REST calls: JSON in and out and answers checked against schemas; authentication, the refresh and
// the error texts come from the shared HTTP core (src/api/http-core.ts), which the sync worker uses too.
import * as v from 'valibot'
import { defaultLocks, type LockManagerLike } from './locks.ts'
import { ApiError, createHttpCore, isTransientStatus, messageOf, TransientError } from './http-core.ts'
import { localTokenStore } from './token-store.ts'
import { readTokens } from './tokens.ts'
import { PAGE_REQUEST_TIMEOUT_MS } from '../lib/request-deadline.ts'

export { ApiError, SessionEndedError } from './http-core.ts'

export const API_PREFIX = '/api'

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown
  /** false for the public calls of spec section 6: no bearer header and no refresh on 401. */
  auth?: boolean
  headers?: Record<string, string>
  signal?: AbortSignal
}

// Looked up per call: navigator.locks where the browser has it, else this tab's own locks.
const pageLocks: LockManagerLike = { request: (name, options, callback) => defaultLocks().request(name, options, callback) }

/**
 * A call that gets no answer ends as 'The server did not answer' after this long, as the sync worker's do: a sign-in
 * against a server that accepted the connection and went silent would otherwise say 'Signing in...' for ever.
 */
export { PAGE_REQUEST_TIMEOUT_MS }

const core = createHttpCore({ tokens: localTokenStore, locks: pageLocks, timeoutMs: PAGE_REQUEST_TIMEOUT_MS })

/**
 * What a failed call says to people: the server's {message}, or for a call that got no answer 'No connection' / 'The
 * server did not answer' (never a fallback that blames their input, such as 'Invalid email or password.' when they
 * were offline); `fallback` for anything else.
 */
export function failureMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError || err instanceof TransientError ? err.message : fallback
}

/**
 * Whether a failed call decided nothing and may simply go again: anything but the server's refusal, i.e. no answer or
 * an answer that says later (5xx, 429...). A mailed link's page offers 'Try again' then, keeping its token, where a
 * refusal (400) means the link is spent or wrong.
 */
export function mayTryAgain(err: unknown): boolean {
  return !(err instanceof ApiError) || isTransientStatus(err.status)
}

/** Calls the API and returns the decoded body: JSON, text, or undefined for 204/205/empty answers. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const isForm = options.body instanceof FormData
  const response = await core.send({
    method: options.method ?? 'GET',
    path: `${API_PREFIX}${path}`,
    json: isForm ? undefined : options.body,
    body: isForm ? (options.body as FormData) : undefined,
    headers: options.headers,
    auth: options.auth ?? true,
    signal: options.signal,
  })
  if (!response.ok) throw new ApiError(messageOf(response), response.status)
  return response.body
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

/**
 * Rotates the token pair and returns the new access token, one refresh for the whole origin (see http-core).
 * `staleToken` is the access token that was refused (null when there was none).
 */
export function refreshTokensOnce(staleToken: string | null = readTokens().token): Promise<string> {
  return core.refreshTokensOnce(staleToken)
}
