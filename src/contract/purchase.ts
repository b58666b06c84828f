// Purchase records (GET /api/purchase-records) and the visitor's purchase call (POST /api/public/profiles/{id}/purchases).
import * as v from 'valibot'

export const PurchaseRecordSchema = v.object({
  id: v.string(),
  wishlistItemId: v.string(),
  purchasedAt: v.string(),
  priceAtPurchase: v.number(),
})
export type PurchaseRecord = v.InferOutput<typeof PurchaseRecordSchema>

export const VisitorPurchaseSchema = v.object({
  wishlistItemId: v.pipe(v.string('Invalid item'), v.uuid('Invalid item')),
})

export const VisitorPurchaseResultSchema = v.object({
  wishlistItemId: v.string(),
  purchasedPrice: v.number(),
  purchasedAt: v.string(),
  /** Revealed only after the purchase; empty when the owner gave none. */
  contactInfo: v.string(),
})
export type VisitorPurchaseResult = v.InferOutput<typeof VisitorPurchaseResultSchema>

export const UploadResultSchema = v.object({ id: v.string(), url: v.string() })
