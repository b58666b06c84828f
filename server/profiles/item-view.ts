// How a stored wishlist row is shown to clients (spec section 3 field names), for owners and visitors alike.
import { apiPaths, UPLOAD_PATH_PREFIX } from '../../src/contract/api-paths.ts'
import { storedItemFields, type WishlistItem } from '../../src/contract/wishlist.ts'
import type { wishlistItems } from '../db/schema.ts'

export type WishlistItemRow = typeof wishlistItems.$inferSelect

export function toWishlistItem(row: WishlistItemRow): WishlistItem {
  return {
    id: row.id,
    ...storedItemFields(row, 'every'),
    // A stored image wins over a typed address: it is the one the owner picked last. An address on another host is
    // never shown (issue 28); the external-images job brings it home or drops it.
    imageUrl: row.storedImageId ? apiPaths.upload(row.storedImageId) : row.imageUrl?.startsWith(UPLOAD_PATH_PREFIX) ? row.imageUrl : null,
    isPurchased: row.isPurchased,
    purchaseStatus: row.purchaseStatus,
    purchasedPrice: row.purchasedPrice === null ? null : Number(row.purchasedPrice),
    storedImageId: row.storedImageId,
  }
}
