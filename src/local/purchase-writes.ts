// The owner's write on a visitor's purchase: 'Back on the wishlist' (decision 148), local at once, pushed by the outbox.
import { apiPaths } from '../contract/api-paths.ts'
import type { OwnerDatabase } from './db.ts'
import { outboxEntry } from './outbox-queue.ts'
import { announceLocalWrite } from './writes.ts'
import { surfaceQuotaErrors } from './write-errors.ts'

/** The item fields the undo changes; the server owns them, so a pull only ever replaces them with its own. */
export const PURCHASE_STATE_FIELDS = ['isPurchased', 'purchaseStatus', 'purchasedPrice']

export class PurchaseNotFoundError extends Error {
  constructor() {
    super('This purchase is no longer here. It may have been undone on another device.')
    this.name = 'PurchaseNotFoundError'
  }
}

/**
 * Marks the purchase undone and the item not purchased on this device, and queues the server's undo. The entry names
 * the purchase, so a late push never undoes a newer purchase of the same gift; it is never folded with item edits.
 */
export function undoPurchase(db: OwnerDatabase, purchaseId: string, now = new Date()): Promise<void> {
  return surfaceQuotaErrors(async () => {
    await db.transaction('rw', [db.purchases, db.items, db.outbox], async () => {
      const purchase = await db.purchases.get(purchaseId)
      if (!purchase || purchase.undoneAt) throw new PurchaseNotFoundError()
      await db.purchases.update(purchaseId, { undoneAt: now.toISOString() })
      const itemId = purchase.wishlistItemId
      if (await db.items.get(itemId)) await db.items.update(itemId, { isPurchased: false, purchaseStatus: null, purchasedPrice: null })
      await db.outbox.add(
        outboxEntry({
          method: 'POST',
          path: apiPaths.undoPurchase(itemId),
          body: { purchaseId },
          target: { entity: 'item', id: itemId, kind: 'update', fields: PURCHASE_STATE_FIELDS },
        }),
      )
    })
    announceLocalWrite()
  })
}
