// POST /api/webhooks/printful/{secret}: Printful's order and shipment events update the stored order. A wrong or
// unset secret is 404 (the path does not exist for a guesser); unknown events and orders are acknowledged and ignored.
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError } from '../http.ts'
import { applyOrderEvent, type OrderEvent } from '../services/print-provider/order-writes.ts'

const text = v.optional(v.nullable(v.union([v.string(), v.number()])))
const EventSchema = v.object({
  type: v.string(),
  created: v.optional(v.number()),
  data: v.optional(
    v.object({
      order: v.optional(v.object({ id: text, external_id: text, status: text })),
      shipment: v.optional(v.object({ carrier: text, tracking_number: text, tracking_url: text })),
    }),
  ),
})
type PrintfulEvent = v.InferOutput<typeof EventSchema>

/** The order status each handled event leaves behind; other event types are acknowledged and ignored. */
const STATUS_OF: Record<string, (event: PrintfulEvent) => string | null> = {
  order_updated: (e) => str(e.data?.order?.status),
  order_failed: () => 'failed',
  order_canceled: () => 'canceled',
  order_put_hold: () => 'onhold',
  order_remove_hold: (e) => str(e.data?.order?.status),
  // A shipment of the whole order or of part of it: Printful's own status says which; 'shipped' when it sends none.
  package_shipped: (e) => str(e.data?.order?.status) ?? 'shipped',
}

const str = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value))

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function webhookRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>().post('/webhooks/printful/:secret', async (c) => {
    const expected = deps.config.printfulWebhookSecret
    if (!expected || !sameSecret(c.req.param('secret'), expected)) throw new ApiError(404, 'Not found')
    const body: unknown = await c.req.json().catch(() => undefined)
    const parsed = v.safeParse(EventSchema, body)
    if (!parsed.success) throw new ApiError(400, 'Not a Printful webhook event')
    const event = parsed.output
    const statusOf = STATUS_OF[event.type]
    const status = statusOf?.(event)
    const order = event.data?.order
    if (!status || !order) return c.json({ received: true, applied: false })
    const shipment = event.type === 'package_shipped' ? event.data?.shipment : undefined
    const update: OrderEvent = {
      providerOrderId: str(order.id) ?? '',
      externalId: str(order.external_id) ?? '',
      createdAt: event.created ? new Date(event.created * 1000) : deps.now(),
      status: status.slice(0, 40),
      shipment: shipment
        ? { carrier: str(shipment.carrier)?.slice(0, 100) ?? null, trackingNumber: str(shipment.tracking_number)?.slice(0, 100) ?? null, trackingUrl: httpsOnly(str(shipment.tracking_url)) }
        : undefined,
    }
    const outcome = await applyOrderEvent(db, update, deps.now())
    return c.json({ received: true, applied: outcome === 'applied' })
  })
}

/** A tracking link is shown to the owner as a link: only http(s) addresses, nothing else. */
function httpsOnly(url: string | null): string | null {
  if (!url || url.length > 2000) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}
