// Image uploads: POST stores a re-encoded copy, GET serves it to anyone (it is an <img> address), DELETE removes it.
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { apiPaths } from '../../src/contract/api-paths.ts'
import { IMAGE_MAX_SIDE } from '../../src/contract/images.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { requireAuth } from '../http/require-auth.ts'
import { images, profiles, wishlistItems } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { rateLimiterFor, resolveRateLimits, TOO_MANY } from '../http/rate-limit.ts'
import { mutationOf } from '../changes/client-mutations.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { processImage } from './image-processing.ts'
import { assertRoomLeft, deleteOwnImage, imageNotFound, isUuid, storeImage } from './image-store.ts'
import { type ImageVariant, imageVariant, parseVariantWidth } from './image-variants.ts'
import { ImageBusyError } from './image-work.ts'
import { matchesIfNoneMatch } from '../http/if-none-match.ts'

// The browser scales a picked photo to the same sides before it is queued (src/lib/picked-photo.ts, decision 085).
export { IMAGE_MAX_SIDE }

const UploadQuerySchema = v.object({
  productId: v.optional(v.string()),
  profileId: v.optional(v.string()),
})

export function uploadRoutes(deps: AppDeps) {
  const { db } = deps.database
  const auth = requireAuth(deps)
  const quota = deps.storageQuotaBytes ?? LIMITS.storageQuotaBytes
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  // Per owner and before the body is parsed or a pixel decoded: the limit, then the quota (decision 074).
  const admitUpload = createMiddleware<AppEnv>(async (c, next) => {
    await limiter.enforce('upload', c.var.userId, limits.uploadsPerUser, TOO_MANY.uploads)
    await assertRoomLeft(db, c.var.userId, quota)
    await next()
  })

  return new Hono<AppEnv>()
    // The body's bound (BODY_LIMITS.upload) is enforced before any route, in server/http/body-limit.ts.
    .post('/uploads', auth, admitUpload, idempotency(deps), validate('query', UploadQuerySchema), async (c) => {
      const userId = c.var.userId
      const { productId, profileId } = c.req.valid('query')
      // The hints must name the owner's own rows; another owner's id answers like a missing one.
      if (productId) {
        const [item] = isUuid(productId)
          ? await db.select({ id: wishlistItems.id }).from(wishlistItems).where(and(eq(wishlistItems.id, productId), eq(wishlistItems.userId, userId)))
          : []
        if (!item) throw new ApiError(404, 'Wishlist item not found')
      }
      if (profileId) {
        const [profile] = isUuid(profileId)
          ? await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
          : []
        if (!profile) throw new ApiError(404, 'Profile not found')
      }
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, IMAGE_MESSAGES.missingFile)
      })
      const file = form.file
      if (!(file instanceof File)) throw new ApiError(400, IMAGE_MESSAGES.missingFile)
      if (file.size > LIMITS.imageBytesMax) throw new ApiError(413, IMAGE_MESSAGES.tooLarge)
      const maxSide = profileId && !productId ? IMAGE_MAX_SIDE.profile : IMAGE_MAX_SIDE.product
      const image = await processImage(new Uint8Array(await file.arrayBuffer()), maxSide)
      const id = await storeImage(db, userId, image, quota)
      return c.json({ id, url: apiPaths.upload(id) }, 201)
    })
    .get('/uploads/:id', async (c) => {
      const id = c.req.param('id')
      if (!isUuid(id)) throw imageNotFound()
      const width = parseVariantWidth(c.req.query('w'))
      const etag = width === null ? `"${id}"` : `"${id}-w${width}"`
      const cacheHeaders = { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable' }
      // The bytes behind an id never change, so a revalidation needs no database read.
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, cacheHeaders)
      const [row] = await db.select({ bytes: images.bytes, contentType: images.contentType }).from(images).where(eq(images.id, id)).limit(1)
      if (!row) throw imageNotFound()
      let body: ImageVariant = { bytes: new Uint8Array(row.bytes), contentType: row.contentType }
      let headers: Record<string, string> = cacheHeaders
      if (width !== null) {
        try {
          body = await imageVariant(id, body.bytes, width)
        } catch (error) {
          if (!(error instanceof ImageBusyError)) throw error
          // Every encoder slot taken: the stored original (already small and clean) beats a broken image, but is not
          // kept under the variant's address, so the smaller copy is fetched next time.
          headers = { 'Cache-Control': 'public, max-age=60' }
        }
      }
      return c.body(body.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': body.contentType, 'X-Content-Type-Options': 'nosniff' })
    })
    .delete('/uploads/:id', auth, idempotency(deps), async (c) => {
      await deleteOwnImage(db, c.var.userId, c.req.param('id'), deps.now(), mutationOf(c))
      return c.body(null, 204)
    })
}
