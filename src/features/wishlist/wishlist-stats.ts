// Owns the numbers on the Dashboard tab's three stat cards (spec section 2): items, purchased, total paid.
import type { WishlistItem } from '../../contract/wishlist.ts'
import { sumEuro } from '../../lib/money.ts'

type StatItem = Pick<WishlistItem, 'isPurchased' | 'purchaseStatus' | 'price' | 'purchasedPrice'>

export type WishlistStats = { itemCount: number; purchasedCount: number; totalPaid: number }

/** The API sets both flags; an older record may carry only the status, so either one counts. */
export function isItemPurchased(item: Pick<WishlistItem, 'isPurchased' | 'purchaseStatus'>): boolean {
  return item.isPurchased || item.purchaseStatus === 'PURCHASED'
}

/** What a purchased item cost: the recorded purchase price, or the listed price where none was recorded. */
export function paidAmount(item: Pick<WishlistItem, 'price' | 'purchasedPrice'>): number {
  return item.purchasedPrice ?? item.price
}

export function computeWishlistStats(items: ReadonlyArray<StatItem>): WishlistStats {
  const purchased = items.filter(isItemPurchased)
  return { itemCount: items.length, purchasedCount: purchased.length, totalPaid: sumEuro(purchased.map(paidAmount)) }
}
