// Owns the owner's print orders in the database: the draft order (checked against the catalog, the countries and the
// quoted rate, carrying the proven print file) and the webhook updates, each a new change-feed seq (lock order: 076).
import { and, eq, or, TransactionRollbackError } from 'drizzle-orm'
import { ORDER_MESSAGES, type Order, type OrderRequest, type Recipient } from '../../../src/contract/order.ts'
import { parseCents } from '../../../src/lib/cents.ts'
import type { Db } from '../../db/client.ts'
import { orders, printFiles, profiles } from '../../db/schema.ts'
import { ApiError } from '../../http/http.ts'
import { nextSeq } from '../../changes/change-seq.ts'
import { orderNoticeOf, recordOrderNotice } from '../../notifications/notification-events.ts'
import { profileAddress } from '../../../src/lib/profile-address.ts'
import { printFileAddress, provenPrintFile, UnscannablePrintFileError } from '../print-file.ts'
import type { DraftOrderInput, PrintProvider } from './provider.ts'
import { orderIdentity, placeOnce } from './order-identity.ts'

type OrderRow = typeof orders.$inferSelect

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    provider: row.provider,
    providerOrderId: row.providerOrderId,
    externalId: row.externalId,
    status: row.status,
    recipient: row.recipient,
    lines: row.lines,
    shippingRateId: row.shippingRateId,
    shippingName: row.shippingName,
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    currency: row.currency,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    carrier: row.carrier,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The recipient's country exists and, where it has states, the state is one of them. */
export async function checkDestination(provider: PrintProvider, recipient: Recipient): Promise<Recipient> {
  const country = (await provider.countries()).find((candidate) => candidate.code === recipient.country_code)
  if (!country) throw new ApiError(400, ORDER_MESSAGES.unknownCountry)
  if (country.states) {
    if (!recipient.state_code) throw new ApiError(400, ORDER_MESSAGES.state)
    if (!country.states.some((state) => state.code === recipient.state_code)) throw new ApiError(400, ORDER_MESSAGES.unknownState)
  }
  return recipient
}

/** Every line's variant from the catalog, or 400 naming the first unknown one. */
export async function catalogLines(provider: PrintProvider, items: { variant_id: number; quantity: number }[]) {
  const known = new Map((await provider.products()).flatMap((product) => product.sync_variants.map((variant) => [variant.variant_id, { product, variant }] as const)))
  return items.map((item) => {
    const found = known.get(item.variant_id)
    if (!found) throw new ApiError(400, ORDER_MESSAGES.unknownVariant(item.variant_id))
    const unitPriceCents = parseCents(found.variant.price)
    if (unitPriceCents === null) throw new ApiError(502, 'The print provider sent a price that could not be read.')
    return { ...item, product: found.product, variant: found.variant, unitPriceCents }
  })
}

/** `idempotencyKey`: the request's key, from which the order's ids are derived (decision 208); random without one. */
export type CreateOrderContext = { db: Db; provider: PrintProvider; publicUrl: string; userId: string; idempotencyKey?: string | undefined }

export async function createDraftOrder({ db, provider, publicUrl, userId, idempotencyKey }: CreateOrderContext, input: OrderRequest): Promise<Order> {
  const { id, externalId, derived } = orderIdentity(userId, idempotencyKey)
  if (derived) {
    // Stored by an attempt whose answer was lost after the insert: that order is the answer, placed once.
    const [stored] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).limit(1)
    if (stored) return toOrder(stored)
  }
  const [profile] = await db.select({ shareableId: profiles.shareableId }).from(profiles).where(eq(profiles.userId, userId)).limit(1)
  if (!profile) throw new ApiError(404, 'Profile not found')
  const lines = await catalogLines(provider, input.items)
  const recipient = await checkDestination(provider, input.recipient)
  const rates = await provider.shippingRates(recipient, input.items)
  const rate = rates.find((candidate) => candidate.id === input.shipping)
  const shippingCents = rate ? parseCents(rate.rate) : null
  if (!rate || shippingCents === null) throw new ApiError(400, ORDER_MESSAGES.unknownRate)

  try {
    // Rendered, proven and stored before the provider hears of the order: its first fetch of the file is served.
    await provenPrintFile(db, userId, profileAddress(publicUrl, profile.shareableId))
  } catch (err) {
    if (err instanceof UnscannablePrintFileError) {
      throw new ApiError(500, 'Your QR print file did not scan back to your profile address, so no order was sent. Please contact support.')
    }
    throw err
  }
  const fileUrl = printFileAddress(publicUrl, profile.shareableId)

  const placed = await placeWithProvider(db, userId, provider, derived, {
    externalId,
    shipping: rate.id,
    recipient: { name: recipient.name, address1: recipient.address1, city: recipient.city, country_code: recipient.country_code, state_code: recipient.state_code, zip: recipient.zip },
    items: lines.map((line) => ({
      variant_id: line.variant_id,
      sync_variant_id: line.variant.id,
      quantity: line.quantity,
      retail_price: line.variant.price,
      name: `${line.product.name} / ${line.variant.size}`,
      files: [{ type: 'default' as const, url: fileUrl }],
    })),
  })

  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
  const currency = lines[0]?.variant.currency ?? rate.currency
  return db.transaction(async (tx) => {
    const seq = await nextSeq(tx, userId)
    const [row] = await tx
      .insert(orders)
      .values({
        id,
        userId,
        provider: provider.kind,
        providerOrderId: placed.id,
        externalId,
        status: placed.status || 'draft',
        recipient: { name: recipient.name, address1: recipient.address1, city: recipient.city, country_code: recipient.country_code, state_code: recipient.state_code, zip: recipient.zip },
        lines: lines.map((line) => ({
          variantId: line.variant_id,
          syncVariantId: line.variant.id,
          productName: line.product.name,
          size: line.variant.size,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
        })),
        shippingRateId: rate.id,
        shippingName: rate.name,
        subtotalCents,
        shippingCents,
        totalCents: subtotalCents + shippingCents,
        currency,
        seq,
      })
      .returning()
    if (!row) throw new Error('order insert returned nothing')
    return toOrder(row)
  })
}

/** The draft at the provider; a refusal leaves no print file served for an owner who has no order after all. */
async function placeWithProvider(db: Db, userId: string, provider: PrintProvider, derived: boolean, input: DraftOrderInput) {
  try {
    return await placeOnce(provider, input, derived)
  } catch (err) {
    const [some] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1)
    if (!some) await db.delete(printFiles).where(eq(printFiles.userId, userId))
    throw err
  }
}

export type OrderEvent = {
  providerOrderId: string
  externalId: string
  /** When the provider's state was read (order-events.ts); a state read before the last applied one changes nothing. */
  createdAt: Date
  status: string
  shipment?: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }
}

/** Stores one state read from the provider; 'unknown' for an order we never stored, 'unchanged' for no change or an older read. */
export async function applyOrderEvent(db: Db, event: OrderEvent, now: Date): Promise<'applied' | 'unchanged' | 'unknown'> {
  const match = or(
    event.externalId ? eq(orders.externalId, event.externalId) : undefined,
    event.providerOrderId ? eq(orders.providerOrderId, event.providerOrderId) : undefined,
  )
  if (!match) return 'unknown'
  const [found] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(match).limit(1)
  if (!found) return 'unknown'
  return db.transaction(async (tx) => {
    // The owner's row first (lock order), then the order's current state under that lock.
    const seq = await nextSeq(tx, found.userId)
    const [row] = await tx.select().from(orders).where(and(eq(orders.id, found.id), eq(orders.userId, found.userId))).for('update')
    if (!row) return 'unknown'
    if (row.lastEventAt && event.createdAt < row.lastEventAt) {
      tx.rollback()
    }
    const next = {
      status: event.status,
      carrier: event.shipment?.carrier ?? row.carrier,
      trackingNumber: event.shipment?.trackingNumber ?? row.trackingNumber,
      trackingUrl: event.shipment?.trackingUrl ?? row.trackingUrl,
    }
    if (next.status === row.status && next.carrier === row.carrier && next.trackingNumber === row.trackingNumber && next.trackingUrl === row.trackingUrl) {
      tx.rollback()
    }
    await tx.update(orders).set({ ...next, lastEventAt: event.createdAt, updatedAt: now, seq }).where(eq(orders.id, row.id))
    // Shipped, failed or canceled: the owner hears of it (issue 29), recorded with the change itself.
    const notice = orderNoticeOf(row, next)
    if (notice) await recordOrderNotice(tx, row.userId, { orderId: row.id, notice, trackingUrl: next.trackingUrl, trackingNumber: next.trackingNumber }, now)
    return 'applied' as const
  }).catch((err: unknown) => {
    if (err instanceof TransactionRollbackError) return 'unchanged' as const
    throw err
  })
}
