// Owns what a Printful webhook event may do to a stored order: name it. Its state is then read from the provider,
// never taken from the event's body, so a forged or replayed body can change nothing the provider does not confirm.
import { eq, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { ApiError } from '../../http/http.ts'
import { applyOrderEvent } from './order-writes.ts'
import type { PrintProvider, ProviderShipment } from './provider.ts'

export type OrderRef = { providerOrderId: string | null; externalId: string | null }

/** Printful retries a webhook that is not answered 2xx; the event is acknowledged only once its order could be read. */
export const PROVIDER_READ_FAILED = 'The print provider could not be read; the event will be applied when it is sent again.'

/**
 * Finds our order by the ids the event names and stores the provider's current state of it. 'unknown' for an order
 * we never stored (acknowledged and ignored); a provider that fails to answer is a 503, so the event is sent again.
 */
export async function refreshOrderFromProvider(db: Db, provider: PrintProvider, ref: OrderRef, now: () => Date): Promise<'applied' | 'unchanged' | 'unknown'> {
  const match = or(ref.externalId ? eq(orders.externalId, ref.externalId) : undefined, ref.providerOrderId ? eq(orders.providerOrderId, ref.providerOrderId) : undefined)
  if (!match) return 'unknown'
  const [found] = await db.select({ providerOrderId: orders.providerOrderId, externalId: orders.externalId }).from(orders).where(match).limit(1)
  if (!found) return 'unknown'
  // Taken before the read: of two events racing, the state read later wins (applyOrderEvent refuses an older one).
  const readAt = now()
  const remote = await provider.getOrder(found.providerOrderId).catch(() => {
    throw new ApiError(503, PROVIDER_READ_FAILED, { 'Retry-After': '60' })
  })
  // An answer about another order (a provider mix-up) is not this order's state.
  if (remote.externalId && remote.externalId !== found.externalId) return 'unknown'
  return applyOrderEvent(
    db,
    { providerOrderId: found.providerOrderId, externalId: found.externalId, createdAt: readAt, status: remote.status.slice(0, 40), shipment: shipmentOf(remote.shipment) },
    now(),
  )
}

function shipmentOf(shipment: ProviderShipment | null | undefined) {
  if (!shipment) return undefined
  return { carrier: shipment.carrier?.slice(0, 100) ?? null, trackingNumber: shipment.trackingNumber?.slice(0, 100) ?? null, trackingUrl: httpOnly(shipment.trackingUrl) }
}

/** A tracking link is shown to the owner as a link: only http(s) addresses, nothing else. */
function httpOnly(url: string | null): string | null {
  if (!url || url.length > 2000) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}
