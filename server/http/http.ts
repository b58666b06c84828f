// Shared HTTP vocabulary of the API: typed errors answered as JSON {message}, and body/query validation with valibot.
import { vValidator } from '@hono/valibot-validator'
import type { Context, ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { GenericSchema } from 'valibot'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/client.ts'

/** Throw anywhere in a handler; the app answers `{ message }` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, what)

export const MALFORMED_PATH_MESSAGE = 'The address contains a malformed percent-encoding.'

/**
 * A path that does not percent-decode (`/%E0%A4%A`) names nothing we serve: 400 before any route tries to decode it.
 * `pageFor` may answer a browser's navigation with a page instead, since a person reads that answer, not a client.
 */
export function wellFormedPath(pageFor: (c: Context) => Response | Promise<Response> | undefined = () => undefined) {
  return createMiddleware(async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      const page = pageFor(c)
      if (page) return page
      throw new ApiError(400, MALFORMED_PATH_MESSAGE)
    }
    await next()
  })
}

/**
 * Validates one part of the request with a contract schema. The first issue's message is the answer, so the
 * server speaks the spec's validation texts verbatim (for example 'Username must be at least 3 characters.').
 */
export function validate<T extends GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return vValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.issues[0]?.message ?? 'Invalid request'
      throw new ApiError(400, message)
    }
  })
}

/** Turns any thrown value into the status and message a client may see (never a stack trace). */
export function toErrorResponse(err: unknown): { status: ContentfulStatusCode; message: string; headers: Record<string, string> } {
  if (err instanceof ApiError) return { status: err.status, message: err.message, headers: err.headers }
  if (err instanceof HTTPException) {
    const message = err.status === 400 && /json/i.test(err.message) ? 'Malformed JSON in request body' : err.message
    return { status: err.status as ContentfulStatusCode, message: message || 'Request failed', headers: {} }
  }
  // A lost or overloaded database is not a fault of this request: 503 tells clients (the sync engine) to retry later.
  if (isDatabaseUnavailable(err)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': '5' } }
  return { status: 500, message: 'Internal server error', headers: {} }
}
