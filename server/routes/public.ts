// Visitor routes without a token: the public profile (cached, ETag) and the simulated purchase of a wishlist item.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { VisitorPurchaseSchema } from '../../src/contract/purchase.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http.ts'
import { idempotency } from '../idempotency.ts'
import { cachedPublicProfile, publicProfileResponse } from '../services/public-profile.ts'
import { gzipOf, matchesIfNoneMatch } from '../services/public-profile-cache.ts'
import { purchaseItem } from '../services/visitor-purchase.ts'

// Short, so the off-switch and a purchase show within seconds; the ETag makes the revalidation cheap.
export const PUBLIC_PROFILE_CACHE_CONTROL = 'public, max-age=10'

/** The caller's address scopes visitor idempotency keys; app.request() in tests has no socket. */
function visitorScope(c: Context<AppEnv>): string {
  try {
    return `public:${getConnInfo(c).remote.address ?? 'unknown'}`
  } catch {
    return 'public:unknown'
  }
}

export function publicRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    .get('/profiles/:shareableId', async (c) => {
      const address = c.req.param('shareableId')
      // A cache hit answers without awaiting anything: this is the request every scan of a shirt makes.
      const entry = cachedPublicProfile(address) ?? (await publicProfileResponse(db, address))
      if (!entry) throw new ApiError(404, 'Profile not found')
      const headers: Record<string, string> = { ETag: entry.etag, 'Cache-Control': PUBLIC_PROFILE_CACHE_CONTROL, Vary: 'Accept-Encoding' }
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), entry.etag)) return c.body(null, 304, headers)
      // The compressed form is cached beside the JSON, so the compress middleware never redoes the work.
      if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
        headers['Content-Encoding'] = 'gzip'
        headers['Content-Type'] = 'application/json; charset=UTF-8'
        return c.body(gzipOf(entry) as Uint8Array<ArrayBuffer>, 200, headers)
      }
      headers['Content-Type'] = 'application/json; charset=UTF-8'
      return c.body(entry.body, 200, headers)
    })
    .post('/public/profiles/:shareableId/purchases', idempotency(deps, visitorScope), validate('json', VisitorPurchaseSchema), async (c) => {
      const result = await purchaseItem(db, c.req.param('shareableId'), c.req.valid('json').wishlistItemId, deps.now())
      return c.json(result, 201)
    })
}
