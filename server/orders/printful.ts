// The print provider's public calls (spec section 7: /api/public/printful/*) and the owner's QR print file
// (/api/public/print-files/{shareableId}.png: a profile with an order, or its signed-in owner's preview, limited per
// address); creating a draft order needs a signed-in owner.
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { OrderRequestSchema, ShippingRequestSchema } from '../../src/contract/order.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/names.ts'
import { requireAuth } from '../http/require-auth.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import { profiles } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { rateLimiterFor, resolveRateLimits, TOO_MANY } from '../http/rate-limit.ts'
import { profileAddress } from '../../src/lib/profile-address.ts'
import { accessTokenKey, verifyAccessToken } from '../http/access-token.ts'
import { imageWork } from '../images/image-work.ts'
import { renderPrintFile, storedPrintFile } from './print-file.ts'
import { printProviderFor } from './print-provider/index.ts'
import { catalogLines, checkDestination, createDraftOrder } from './print-provider/order-writes.ts'

/** The catalog changes rarely; browsers may keep it a few minutes (the server keeps it an hour). */
const CATALOG_CACHE_CONTROL = 'public, max-age=300'
/** A print file never changes for its address; the provider may fetch it as often as it likes. */
const PRINT_FILE_CACHE_CONTROL = 'public, max-age=86400'
export const PRINT_FILE_NOT_FOUND = 'Print file not found'

export function printfulRoutes(deps: AppDeps) {
  const { db } = deps.database
  const provider = printProviderFor(deps)
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)

  const tokenKey = accessTokenKey(deps.config.jwtSecret)

  return new Hono<AppEnv>()
    .get('/public/printful/products', async (c) => {
      const result = await provider.products()
      return c.json({ result, demo: provider.kind === 'demo' }, 200, { 'Cache-Control': CATALOG_CACHE_CONTROL })
    })
    .get('/public/printful/countries', async (c) => {
      return c.json({ result: await provider.countries() }, 200, { 'Cache-Control': CATALOG_CACHE_CONTROL })
    })
    .post(
      '/public/printful/shipping',
      async (c, next) => {
        const address = addressKey(clientAddress(c, deps.config.trustProxy))
        await limiter.enforce('shipping-address', address, limits.shippingQuotesPerAddress, TOO_MANY.shippingQuotes)
        await next()
      },
      validate('json', ShippingRequestSchema),
      async (c) => {
        const { recipient, items } = c.req.valid('json')
        await catalogLines(provider, items)
        await checkDestination(provider, recipient)
        return c.json({ result: await provider.shippingRates(recipient, items) })
      },
    )
    .post('/public/printful/orders', requireAuth(deps), idempotency(deps), validate('json', OrderRequestSchema), async (c) => {
      await limiter.enforce('draft-orders', c.var.userId, limits.draftOrdersPerUser, TOO_MANY.draftOrders)
      const idempotencyKey = c.req.header(IDEMPOTENCY_KEY_HEADER)
      const order = await createDraftOrder({ db, provider, publicUrl: deps.config.publicUrl, userId: c.var.userId, idempotencyKey }, c.req.valid('json'))
      return c.json(order, 201)
    })
    .get(
      '/public/print-files/:file',
      async (c, next) => {
        // Before any lookup: a flood of ids from one address costs it its allowance, and the server next to nothing.
        await limiter.enforce('print-files-address', addressKey(clientAddress(c, deps.config.trustProxy)), limits.printFilesPerAddress, TOO_MANY.printFiles)
        await next()
      },
      async (c) => {
        const shareableId = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(c.req.param('file'))?.[1]
        const [row] = shareableId
          ? await db.select({ userId: profiles.userId, shareableId: profiles.shareableId }).from(profiles).where(eq(profiles.shareableId, shareableId)).limit(1)
          : []
        if (!row) throw new ApiError(404, PRINT_FILE_NOT_FOUND)
        const url = profileAddress(deps.config.publicUrl, row.shareableId)
        // An order's file: rendered and proven when the order was placed, served from storage to anyone (the provider).
        const stored = await storedPrintFile(db, row.userId, url)
        if (stored) return c.body(new Uint8Array(stored), 200, { 'Content-Type': 'image/png', 'Cache-Control': PRINT_FILE_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
        // No order yet: only the signed-in owner sees it, as the Order tab's preview (rendered, not stored nor decoded).
        if ((await signedInUser(c)) !== row.userId) throw new ApiError(404, PRINT_FILE_NOT_FOUND)
        const file = await imageWork.run(() => renderPrintFile(url))
        return c.body(new Uint8Array(file.png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' })
      },
    )

  /** The bearer's user when the request carries a valid access token of an existing account, else undefined. */
  async function signedInUser(c: Context<AppEnv>): Promise<string | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]
    return token ? verifyAccessToken(tokenKey, token, deps.now()) : undefined
  }
}
