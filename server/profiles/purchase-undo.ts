// The owner's undo of a visitor's purchase ('Back on the wishlist', decision 148): the record is marked undone and the
// item is on sale again, in one transaction whose change numbers the owner's other devices pull.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { purchaseRecords, wishlistItems } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'
import { reserveSeqs } from '../changes/change-seq.ts'
import { type ClientMutation, recordClientMutation } from '../changes/client-mutations.ts'
import { isUuid } from '../images/image-store.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'
import { PURCHASE_MESSAGES } from '../../src/contract/purchase.ts'

/**
 * Undoes the named purchase of the item. It names the record, not just the item, so an undo queued offline and sent
 * late never undoes a later, genuine purchase of the same gift. Undoing an undone record again answers as done (a
 * retried push). The item's purchase state goes back to "not purchased"; a deleted item only has its record marked.
 */
export async function undoPurchase(db: Db, userId: string, itemId: string, purchaseId: string, now: Date, mutation?: ClientMutation): Promise<void> {
  if (!isUuid(itemId) || !isUuid(purchaseId)) throw new ApiError(404, PURCHASE_MESSAGES.purchaseNotFound)
  const profileId = await db.transaction(async (tx) => {
    // The owner's row first (lock order, change-seq.ts): a visitor's purchase of this item waits for the undo.
    const [itemSeq = 0, recordSeq = 0] = await reserveSeqs(tx, userId, 2)
    await recordClientMutation(tx, userId, now, mutation)
    const [item] = await tx
      .select({ profileId: wishlistItems.profileId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
    const ofThisPurchase = and(eq(purchaseRecords.id, purchaseId), eq(purchaseRecords.userId, userId), eq(purchaseRecords.wishlistItemId, itemId))
    const [undone] = await tx
      .update(purchaseRecords)
      .set({ undoneAt: now, seq: recordSeq })
      .where(and(ofThisPurchase, isNull(purchaseRecords.undoneAt)))
      .returning({ id: purchaseRecords.id })
    if (!undone) {
      const [earlier] = await tx.select({ id: purchaseRecords.id }).from(purchaseRecords).where(ofThisPurchase)
      if (!earlier) throw new ApiError(404, PURCHASE_MESSAGES.purchaseNotFound)
      return null
    }
    if (!item) return null
    await tx
      .update(wishlistItems)
      .set({ isPurchased: false, purchaseStatus: null, purchasedPrice: null, seq: itemSeq, updatedAt: now })
      .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
    return item.profileId
  })
  if (profileId) invalidatePublicProfile(db, profileId)
}
