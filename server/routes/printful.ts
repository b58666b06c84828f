// The print provider's public calls (spec section 7: /api/public/printful/*) and the owner's QR print file
// (/api/public/print-files/{shareableId}.png); creating a draft order needs a signed-in owner.
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { OrderRequestSchema, ShippingRequestSchema } from '../../src/contract/order.ts'
import { requireAuth } from '../auth/require-auth.ts'
import { addressKey, clientAddress } from '../client-address.ts'
import { profiles } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http.ts'
import { idempotency } from '../idempotency.ts'
import { rateLimiterFor, resolveRateLimits, TOO_MANY } from '../rate-limit.ts'
import { verifiedPrintFile } from '../services/print-file.ts'
import { printProviderFor } from '../services/print-provider/index.ts'
import { catalogLines, checkDestination, createDraftOrder } from '../services/print-provider/order-writes.ts'

/** The catalog changes rarely; browsers may keep it a few minutes (the server keeps it an hour). */
const CATALOG_CACHE_CONTROL = 'public, max-age=300'
/** A print file never changes for its address; the provider may fetch it as often as it likes. */
const PRINT_FILE_CACHE_CONTROL = 'public, max-age=86400'

export function printfulRoutes(deps: AppDeps) {
  const { db } = deps.database
  const provider = printProviderFor(deps)
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)

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
      const order = await createDraftOrder({ db, provider, publicUrl: deps.config.publicUrl, userId: c.var.userId }, c.req.valid('json'))
      return c.json(order, 201)
    })
    .get('/public/print-files/:file', async (c) => {
      const shareableId = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(c.req.param('file'))?.[1]
      const [row] = shareableId
        ? await db.select({ shareableId: profiles.shareableId }).from(profiles).where(eq(profiles.shareableId, shareableId)).limit(1)
        : []
      if (!row) throw new ApiError(404, 'Print file not found')
      const file = await verifiedPrintFile(deps.config.publicUrl, row.shareableId)
      return c.body(new Uint8Array(file.png), 200, { 'Content-Type': 'image/png', 'Cache-Control': PRINT_FILE_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' })
    })
}
