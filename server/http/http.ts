// Shared HTTP vocabulary of the API: typed errors answered as JSON {message}, reading JSON bodies, and body/query
// validation with valibot.
import { vValidator } from '@hono/valibot-validator'
import type { Context, ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { GenericSchema } from 'valibot'
import { nestsAtMost, REQUEST_BODY_DEPTH_MAX, REQUEST_BODY_MESSAGES } from '../../src/contract/request-body.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/client.ts'

/** Throw anywhere in a handler; the app answers `{ message }` (and `reason`, when given) with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A word a client acts on where the message is for people and may name things (decision 206). */
    readonly reason?: string,
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

/** application/json and its structured-syntax kin (application/merge-patch+json), with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** Refuses a parsed body (a route's own parse, too) that nests deeper than any request may. */
export function refuseDeepJson(body: unknown): void {
  if (!nestsAtMost(body, REQUEST_BODY_DEPTH_MAX)) throw new ApiError(400, REQUEST_BODY_MESSAGES.tooDeep)
}

/**
 * The request's JSON body, or undefined when it has none (a bodiless DELETE, an empty POST). A body sent as text/plain,
 * a form or with no type at all is refused with 415 rather than read as empty: hono's validator sees `{}` for it, and
 * PUT /api/profiles answered 200 having saved nothing. The parse is cached on the request, so a validator that follows
 * reads the same value without parsing again.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!c.req.raw.body) return undefined
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? ''
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    if ((await c.req.text()).trim() === '') return undefined
    throw new ApiError(415, REQUEST_BODY_MESSAGES.notJson)
  }
  let body: unknown
  try {
    body = await c.req.json()
  } catch (err) {
    // A body cut off at its bound (body-limit.ts) is that 413, not malformed JSON.
    if (err instanceof ApiError) throw err
    throw new ApiError(400, REQUEST_BODY_MESSAGES.malformed)
  }
  refuseDeepJson(body)
  return body
}

/**
 * Validates one part of the request with a contract schema. The first issue's message is the answer, so the
 * server speaks the spec's validation texts verbatim (for example 'Username must be at least 3 characters.').
 * A JSON body goes through readJsonBody before its issues count, so every JSON route refuses the same undeclared and
 * too deeply nested bodies. (The schema has seen the parsed value by then: it walks only as deep as its own fields.)
 */
export function validate<T extends GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return vValidator(target, schema, async (result, c) => {
    if (target === 'json') await readJsonBody(c)
    if (!result.success) {
      const message = result.issues[0]?.message ?? 'Invalid request'
      throw new ApiError(400, message)
    }
  })
}

/** Turns any thrown value into the status and message a client may see (never a stack trace). */
export function toErrorResponse(err: unknown): { status: ContentfulStatusCode; message: string; headers: Record<string, string>; reason?: string } {
  if (err instanceof ApiError) return { status: err.status, message: err.message, headers: err.headers, ...(err.reason !== undefined && { reason: err.reason }) }
  if (err instanceof HTTPException) {
    const message = err.status === 400 && /json/i.test(err.message) ? REQUEST_BODY_MESSAGES.malformed : err.message
    return { status: err.status as ContentfulStatusCode, message: message || 'Request failed', headers: {} }
  }
  // A lost or overloaded database is not a fault of this request: 503 tells clients (the sync engine) to retry later.
  if (isDatabaseUnavailable(err)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': '5' } }
  return { status: 500, message: 'Internal server error', headers: {} }
}
