// Every request body's upper bound, enforced before the body is read (docs/decisions/072-request-bounds-and-logs.md):
// 64 KB of JSON, unless the route is named below with a larger bound.
import { createMiddleware } from 'hono/factory'
import type { MiddlewareHandler } from 'hono'
import { LIMITS } from '../../src/contract/limits.ts'
import type { AppEnv } from '../deps.ts'
import { ApiError } from './http.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'

const KB = 1024

export const BODY_LIMITS = {
  /** Every JSON body the spec names fits many times over (an item at its field limits is under 40 KB). */
  json: 64 * KB,
  /** PUT /api/profiles at its field limits (30 social links of 2048-character URLs) stays under this. */
  profile: 512 * KB,
  /** A push of the most operations, each as large as an ordinary JSON body. */
  syncPush: LIMITS.syncPushMax * 64 * KB,
  /** The largest image plus its multipart framing. */
  upload: LIMITS.imageBytesMax + 64 * KB,
} as const

export type BodyBound = { maxBytes: number; message: string }

const bound = (maxBytes: number, message = `The request body must be at most ${Math.round(maxBytes / KB)} KB.`): BodyBound => ({
  maxBytes,
  message,
})

const ORDINARY = bound(BODY_LIMITS.json)

/** The routes whose bodies may be larger than ordinary JSON, by method and exact path (the query string aside). */
const NAMED_BOUNDS: Record<string, BodyBound> = {
  'POST /api/uploads': bound(BODY_LIMITS.upload, IMAGE_MESSAGES.tooLarge),
  'POST /api/sync/push': bound(BODY_LIMITS.syncPush, `A push must be at most ${BODY_LIMITS.syncPush / KB / KB} MB.`),
  'PUT /api/profiles': bound(BODY_LIMITS.profile),
}

export function bodyBoundFor(method: string, path: string): BodyBound {
  return NAMED_BOUNDS[`${method} ${path}`] ?? ORDINARY
}

/**
 * Applied before any route. A Content-Length above the bound answers 413 before a byte is read. A body without one
 * (chunked) is counted as the route reads it and cut off as soon as it passes the bound: the read fails, and whatever
 * the route made of that failure (a JSON or multipart parse error) is answered as the 413 it is. Nothing is buffered
 * here, so a route that refuses a request before reading its body (401 for a missing token) never holds it at all,
 * and everything that does read it (the idempotency hash, the validators, multipart parsing) holds at most the bound.
 */
export function boundedBodies(): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.raw
    if (!raw.body) return next()
    const { maxBytes, message } = bodyBoundFor(raw.method, new URL(raw.url).pathname)
    const declared = raw.headers.get('Content-Length')
    // Node's parser never delivers more than a Content-Length announces, and refuses one sent beside chunked framing.
    if (declared !== null && !raw.headers.has('Transfer-Encoding')) {
      if (!(Number(declared) <= maxBytes)) throw new ApiError(413, message)
      return next()
    }
    let received = 0
    let passedBound = false
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength
          if (received <= maxBytes) return controller.enqueue(chunk)
          passedBound = true
          controller.error(new ApiError(413, message))
        },
      }),
    )
    // `duplex` is required by Node's fetch for a streamed request body; the DOM typings do not know it yet.
    c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit)
    await next()
    if (passedBound && c.res.status !== 413) throw new ApiError(413, message)
  })
}
