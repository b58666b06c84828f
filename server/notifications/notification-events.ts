// Owns the recording of what the owner is told about: one notification_events row written inside the transaction of
// what caused it (a purchase, a visitor's message, an order's new status), so it exists exactly when the change does.
// The caller kicks the delivery after commit (notifications.ts); a server that stops first leaves it for the next.
import type { Db } from '../db/client.ts'
import { notificationEvents } from '../db/schema.ts'
import type { EventPayload, OrderNotice } from './notification-texts.ts'

async function record(tx: Db, userId: string, event: EventPayload, now: Date): Promise<void> {
  const { kind, ...fields } = event
  const payload = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
  await tx.insert(notificationEvents).values({ userId, kind, payload, createdAt: now })
}

export function recordGift(tx: Db, userId: string, gift: { itemName: string; price: number; purchaseId: string }, now: Date): Promise<void> {
  return record(tx, userId, { kind: 'gift', itemName: gift.itemName, price: String(gift.price), purchaseId: gift.purchaseId }, now)
}

export function recordGiftMessage(tx: Db, userId: string, message: { itemName: string; message: string; purchaseId: string }, now: Date): Promise<void> {
  return record(tx, userId, { kind: 'message', ...message }, now)
}

/** Printful's statuses that mean the parcel left; 'partial' is a first parcel of several. */
const SHIPPED = new Set(['fulfilled', 'partial', 'shipped'])

/**
 * What an order's change tells the owner, if anything: shipped (a shipped status or a tracking link newly known),
 * failed, canceled. Other moves (draft, pending, in process, on hold) are seen in My orders without a notification.
 */
export function orderNoticeOf(before: { status: string; trackingUrl: string | null }, after: { status: string; trackingUrl: string | null }): OrderNotice | undefined {
  const changed = before.status !== after.status
  if (changed && after.status === 'failed') return 'failed'
  if (changed && after.status === 'canceled') return 'canceled'
  if ((changed && SHIPPED.has(after.status)) || (SHIPPED.has(after.status) && !before.trackingUrl && after.trackingUrl)) return 'shipped'
  return undefined
}

export function recordOrderNotice(
  tx: Db,
  userId: string,
  order: { orderId: string; notice: OrderNotice; trackingUrl: string | null; trackingNumber: string | null },
  now: Date,
): Promise<void> {
  return record(
    tx,
    userId,
    { kind: 'order', notice: order.notice, orderId: order.orderId, ...(order.trackingUrl && { trackingUrl: order.trackingUrl }), ...(order.trackingNumber && { trackingNumber: order.trackingNumber }) },
    now,
  )
}
