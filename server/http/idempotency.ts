// Idempotency-Key for POST/PUT/DELETE: the first answer is stored per scope and replayed to every retry.
import { and, eq, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER, REPLAY_ONLY_HEADER } from '../../src/contract/names.ts'
import { IDEMPOTENCY_KEY_MESSAGE, IdempotencyKeySchema } from '../../src/contract/sync.ts'
import { idempotencyKeys } from '../db/schema.ts'
import type { AppEnv } from '../app-env.ts'
import type { Database } from '../db/client.ts'
import { ApiError } from './http.ts'

export const IDEMPOTENCY_MESSAGES = {
  keyShape: IDEMPOTENCY_KEY_MESSAGE,
  reusedWithOtherRequest: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still in progress.',
  nothingToReplay: 'No answer is stored for this Idempotency-Key.',
} as const

// Rows are replayed for as long as they exist; purging at 48 h keeps the promised 24 h with room to spare.
const RETAIN_MS = 48 * 60 * 60 * 1000
// A row still marked running after this long belongs to a process that died mid-request; a retry may take it over.
const ABANDONED_MS = 2 * 60 * 1000
const PURGE_EVERY_MS = 10 * 60 * 1000
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

export type ScopeOf = (c: Context<AppEnv>) => string

/** Hash over what makes two requests "the same": method, path with query, and the exact body bytes. */
export function requestHash(method: string, pathWithQuery: string, body: Uint8Array): string {
  return createHash('sha256').update(`${method}\n${pathWithQuery}\n`).update(body).digest('base64url')
}

/**
 * Apply after the auth middleware (scope = user id) or with a scope of its own for visitor calls. Without a signed-in
 * user only successful answers are kept (docs/decisions/073-anonymous-idempotency-rows.md): a refusal changed nothing,
 * so running its retry again is just as safe, and anonymous callers cannot fill the table with rows of their own.
 */
export function idempotency({ database, now }: { database: Database; now: () => Date }, scopeOf: ScopeOf = (c) => c.var.userId) {
  const { db } = database
  let lastPurge = 0

  return createMiddleware<AppEnv>(async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next()
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
    if (key === undefined) return next()
    if (!v.is(IdempotencyKeySchema, key)) throw new ApiError(400, IDEMPOTENCY_MESSAGES.keyShape)

    const scope = scopeOf(c)
    const anonymous = c.get('userId') === undefined
    const url = new URL(c.req.url)
    // Reading the body here caches it on the request; the validators after us read the same bytes. Its size was
    // bounded before any route ran (server/http/body-limit.ts).
    const requestBody = withoutMultipartBoundary(new Uint8Array(await c.req.arrayBuffer()), c.req.header('Content-Type'))
    const hash = requestHash(c.req.method, url.pathname + url.search, requestBody)
    const startedAt = now()
    if (startedAt.getTime() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = startedAt.getTime()
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(startedAt.getTime() - RETAIN_MS)))
    }

    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))
    // A page asking again after a reload what an earlier attempt answered (decision 197): never a first run.
    if (c.req.header(REPLAY_ONLY_HEADER) !== undefined) {
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1)
      if (row && row.requestHash !== hash) throw new ApiError(422, IDEMPOTENCY_MESSAGES.reusedWithOtherRequest)
      if (row && row.status !== null) return replay(c, row.status, row.responseBody ?? '')
      if (row) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, { 'Retry-After': '1' })
      throw new ApiError(404, IDEMPOTENCY_MESSAGES.nothingToReplay)
    }
    const claim = () =>
      db.insert(idempotencyKeys).values({ scope, key, requestHash: hash, createdAt: startedAt }).onConflictDoNothing().returning({ key: idempotencyKeys.key })

    let claimed = (await claim()).length === 1
    if (!claimed) {
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1)
      if (row && row.requestHash !== hash) throw new ApiError(422, IDEMPOTENCY_MESSAGES.reusedWithOtherRequest)
      if (row && row.status !== null) return replay(c, row.status, row.responseBody ?? '')
      const abandoned = !row || startedAt.getTime() - row.createdAt.getTime() > ABANDONED_MS
      if (!abandoned) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, { 'Retry-After': '1' })
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.requestHash, hash)))
      claimed = (await claim()).length === 1
      if (!claimed) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress, { 'Retry-After': '1' })
    }

    try {
      await next()
    } catch (err) {
      await db.delete(idempotencyKeys).where(where)
      throw err
    }
    const status = c.res.status
    // A server failure is not an answer: the retry must be allowed to run again. An anonymous refusal is not kept
    // either; it had no effect, so its retry may run again too.
    if (status >= 500 || (anonymous && (status < 200 || status >= 300))) {
      await db.delete(idempotencyKeys).where(where)
      return
    }
    const body = await c.res.clone().text()
    const ownerId = c.get('idempotencyOwner') ?? (anonymous ? null : c.get('userId'))
    await db.update(idempotencyKeys).set({ status, responseBody: body, ownerId }).where(where)
  })
}

/**
 * A multipart body's boundary is random per attempt, so a retried upload of the same file would never hash the same;
 * the boundary is cut out before hashing (latin1 maps every byte to one character and back).
 */
export function withoutMultipartBoundary(body: Uint8Array, contentType: string | undefined): Uint8Array {
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1]
  if (!boundary) return body
  return new Uint8Array(Buffer.from(Buffer.from(body).toString('latin1').split(`--${boundary}`).join('--'), 'latin1'))
}

function replay(c: Context<AppEnv>, status: number, body: string) {
  c.header('Idempotent-Replayed', 'true')
  // The status was written by this server from a real response, so it is a valid code.
  const code = status as ContentfulStatusCode
  if (body === '') return c.body(null, code)
  return c.body(body, code, { 'Content-Type': 'application/json; charset=UTF-8' })
}
