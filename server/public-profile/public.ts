// Visitor routes without a token: the public profile (cached, ETag), the simulated purchase of a wishlist item and
// the buyer's message stored with it.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { VisitorMessageSchema, VisitorPurchaseSchema } from '../../src/contract/purchase.ts'
import { visitorIdempotencyScope } from '../http/address-keys.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { perAddressLimit, rateLimiterFor, resolveRateLimits, TOO_MANY } from '../http/rate-limit.ts'
import { cachedPublicProfile, publicProfileResponse } from './public-profile.ts'
import { gzipOf } from '../profile-cache/public-profile-cache.ts'
import { matchesIfNoneMatch } from '../http/if-none-match.ts'
import { acceptsGzip } from '../http/accept-encoding.ts'
import { purchaseItem, saveVisitorMessage } from './visitor-purchase.ts'
import { notificationsFor } from '../notifications/notifications.ts'
import { publicProfileHeaders } from './profile-headers.ts'

export { PUBLIC_PROFILE_CACHE_CONTROL } from './profile-headers.ts'

export function publicRoutes(deps: AppDeps) {
  const { db } = deps.database
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  /** The caller's address (behind TRUST_PROXY, the one the proxy saw), keyed, scopes visitor idempotency keys. */
  const visitorScope = (c: Context<AppEnv>) => visitorIdempotencyScope(c, deps.config)
  // Before the idempotency row and the body are touched, so a flood from one network costs neither (decision 074).
  const purchasesPerAddress = perAddressLimit(deps, 'purchase-address', limits.visitorPurchasePerAddress, TOO_MANY.purchasesFromAddress)
  const perProfile = (profileId: string) => ['purchase-profile', profileId, limits.visitorPurchasePerProfile] as const
  return new Hono<AppEnv>()
    .get('/profiles/:shareableId', async (c) => {
      const address = c.req.param('shareableId')
      // A cache hit (or a cached miss) answers without awaiting anything: this is the request every scan of a shirt makes.
      const cached = cachedPublicProfile(db, address)
      const entry = cached === undefined ? await publicProfileResponse(db, address) : cached
      if (!entry) throw new ApiError(404, 'Profile not found')
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), entry.etag)) return c.body(null, 304, publicProfileHeaders(entry.etag, { status: 304 }))
      // The compressed form is cached beside the JSON, so the compress middleware never redoes the work. The fast path
      // reads Accept-Encoding with the same function.
      if (acceptsGzip(c.req.header('Accept-Encoding'))) {
        return c.body(gzipOf(entry) as Uint8Array<ArrayBuffer>, 200, publicProfileHeaders(entry.etag, { status: 200, encoding: 'gzip' }))
      }
      return c.body(entry.body, 200, publicProfileHeaders(entry.etag, { status: 200, encoding: undefined }))
    })
    .post('/public/profiles/:shareableId/purchases', purchasesPerAddress, idempotency(deps, visitorScope), validate('json', VisitorPurchaseSchema), async (c) => {
      let admitted: string | undefined
      // Only purchases that happen count against the wishlist: a refused one (unknown or already bought item) gives its
      // hit back, so nobody can use up a stranger's wishlist with made-up item ids (decision 074).
      const admit = async (profileId: string, ownerId: string) => {
        await limiter.enforce(...perProfile(profileId), TOO_MANY.purchasesOfProfile)
        admitted = profileId
        // The stored replay of this answer holds the owner's contact info: it goes when the owner's account goes.
        c.set('idempotencyOwner', ownerId)
      }
      try {
        const purchase = await purchaseItem(db, c.req.param('shareableId'), c.req.valid('json'), deps.now(), admit)
        notificationsFor(deps).kick()
        return c.json(purchase, 201)
      } catch (err) {
        if (admitted && err instanceof ApiError && err.status < 500) await limiter.refund(...perProfile(admitted))
        throw err
      }
    })
    // Behind the same per-address limit as purchases: a message costs a write into the owner's data.
    .post('/public/profiles/:shareableId/purchases/:purchaseId/message', purchasesPerAddress, idempotency(deps, visitorScope), validate('json', VisitorMessageSchema), async (c) => {
      await saveVisitorMessage(db, c.req.param('shareableId'), c.req.param('purchaseId'), c.req.valid('json'), deps.now(), async (ownerId) => {
        // The stored replay names the owner, so it goes with the owner's account.
        c.set('idempotencyOwner', ownerId)
      })
      notificationsFor(deps).kick()
      return c.body(null, 204)
    })
}
