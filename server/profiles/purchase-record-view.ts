// How a stored purchase record is shown to its owner (spec section 3: id, wishlistItemId, purchasedAt, priceAtPurchase),
// with the buyer's message and the owner's undo (decision 148).
import type { PurchaseRecord } from '../../src/contract/purchase.ts'
import type { purchaseRecords } from '../db/schema.ts'

export type PurchaseRecordRow = typeof purchaseRecords.$inferSelect

export const toPurchaseRecord = (row: PurchaseRecordRow): PurchaseRecord => ({
  id: row.id,
  wishlistItemId: row.wishlistItemId,
  purchasedAt: row.purchasedAt.toISOString(),
  priceAtPurchase: Number(row.priceAtPurchase),
  visitorEmail: row.visitorEmail,
  visitorMessage: row.visitorMessage,
  undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
})
