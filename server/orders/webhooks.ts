// POST /api/webhooks/printful/{secret}: a Printful order or shipment event makes us read that order's state from
// Printful and store it. A wrong or unset secret is 404 (the path does not exist for a guesser); two secrets are
// accepted during a rotation; unknown events and orders are acknowledged and ignored.
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, readJsonBody } from '../http/http.ts'
import { printProviderFor } from './print-provider/index.ts'
import { refreshOrderFromProvider } from './print-provider/order-events.ts'
import { notificationsFor } from '../notifications/notifications.ts'

/** The logged path of this route: the secret is a credential and never reaches a log line. */
export const WEBHOOK_ROUTE_PATTERN = '/api/webhooks/printful/:secret'

const text = v.optional(v.nullable(v.union([v.string(), v.number()])))
const EventSchema = v.object({
  type: v.string(),
  created: v.optional(v.number()),
  data: v.optional(v.object({ order: v.optional(v.object({ id: text, external_id: text })) })),
})

/** Events about an order's state; anything else is acknowledged and ignored. */
const ORDER_EVENTS = new Set(['order_updated', 'order_failed', 'order_canceled', 'order_put_hold', 'order_remove_hold', 'package_shipped'])

/** Printful's clock may run a little ahead of ours; an event further in the future than this is not genuine. */
export const CREATED_SKEW_SECONDS = 5 * 60
export const WEBHOOK_MESSAGES = {
  notAnEvent: 'Not a Printful webhook event',
  created: 'The event\'s "created" time must be a Unix time in seconds, not in the future.',
} as const

const str = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value))

function sameSecret(given: string, expected: string | undefined): boolean {
  if (!expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function webhookRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>().post('/webhooks/printful/:secret', async (c) => {
    const given = c.req.param('secret')
    // Both compared every time, so the answer's timing does not tell which one matched.
    const current = sameSecret(given, deps.config.printfulWebhookSecret)
    const previous = sameSecret(given, deps.config.printfulWebhookSecretPrevious)
    if (!deps.config.printfulWebhookSecret || !(current || previous)) throw new ApiError(404, 'Not found')
    const body = await readJsonBody(c)
    const parsed = v.safeParse(EventSchema, body)
    if (!parsed.success) throw new ApiError(400, WEBHOOK_MESSAGES.notAnEvent)
    const event = parsed.output
    const created = event.created
    if (created !== undefined && !(Number.isSafeInteger(created) && created >= 0 && created <= deps.now().getTime() / 1000 + CREATED_SKEW_SECONDS)) {
      throw new ApiError(400, WEBHOOK_MESSAGES.created)
    }
    const order = event.data?.order
    if (!ORDER_EVENTS.has(event.type) || !order) return c.json({ received: true, applied: false })
    const ref = { providerOrderId: str(order.id), externalId: str(order.external_id) }
    const outcome = await refreshOrderFromProvider(db, printProviderFor(deps), ref, deps.now)
    if (outcome === 'applied') notificationsFor(deps).kick()
    return c.json({ received: true, applied: outcome === 'applied' })
  })
}
