import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { PurchaseNotFoundError, undoPurchase } from './purchase-writes.ts'
import { freshDatabase, markSent, sampleItemFields, seedProfile } from './testing.ts'
import { createItem, updateItem } from './writes.ts'

async function boughtItem() {
  const db = freshDatabase('undo')
  await seedProfile(db)
  const itemId = await createItem(db, sampleItemFields())
  await markSent(db)
  await db.outbox.clear()
  await db.items.update(itemId, { isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: 120.5 })
  const purchaseId = crypto.randomUUID()
  await db.purchases.put({ id: purchaseId, wishlistItemId: itemId, purchasedAt: '2026-11-25T10:00:00.000Z', priceAtPurchase: 120.5 })
  return { db, itemId, purchaseId }
}

describe("'Back on the wishlist'", () => {
  it('marks the purchase undone and the item on sale on this device, and queues the undo naming the purchase', async () => {
    const { db, itemId, purchaseId } = await boughtItem()
    await undoPurchase(db, purchaseId, new Date('2026-11-25T12:00:00.000Z'))
    expect(await db.purchases.get(purchaseId)).toMatchObject({ undoneAt: '2026-11-25T12:00:00.000Z' })
    expect(await db.items.get(itemId)).toMatchObject({ isPurchased: false, purchaseStatus: null, purchasedPrice: null })
    const entries = await db.outbox.toArray()
    expect(entries).toEqual([expect.objectContaining({ method: 'POST', path: `/api/wishlist-items/${itemId}/undo-purchase`, body: { purchaseId }, status: 'pending' })])
  })

  it('a later edit of the item queues its own entry instead of folding into the undo', async () => {
    const { db, itemId, purchaseId } = await boughtItem()
    await undoPurchase(db, purchaseId)
    await updateItem(db, itemId, { name: 'Renamed bike' })
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => entry.body)).toEqual([{ purchaseId }, { name: 'Renamed bike' }])
  })

  it('an undone or unknown purchase is refused with a message, and nothing is queued', async () => {
    const { db, purchaseId } = await boughtItem()
    await undoPurchase(db, purchaseId)
    await expect(undoPurchase(db, purchaseId)).rejects.toBeInstanceOf(PurchaseNotFoundError)
    await expect(undoPurchase(db, crypto.randomUUID())).rejects.toBeInstanceOf(PurchaseNotFoundError)
    expect(await db.outbox.count()).toBe(1)
  })
})
