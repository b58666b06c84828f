import { describe, expect, it } from 'vitest'
import { computeWishlistStats, isItemPurchased } from './wishlist-stats.ts'

const item = (price: number, purchased = false, purchasedPrice: number | null = null, purchaseStatus: string | null = null) => ({
  price,
  isPurchased: purchased,
  purchasedPrice,
  purchaseStatus,
})

describe('wishlist stat cards: item count, purchased count, total paid (purchasedPrice, else price)', () => {
  const cases = [
    { name: 'an empty wishlist shows zeros', items: [], expected: { itemCount: 0, purchasedCount: 0, totalPaid: 0 } },
    { name: 'unpurchased items count but add nothing paid', items: [item(10), item(20)], expected: { itemCount: 2, purchasedCount: 0, totalPaid: 0 } },
    { name: 'a purchased item adds its purchasedPrice', items: [item(10, true, 8.5), item(20)], expected: { itemCount: 2, purchasedCount: 1, totalPaid: 8.5 } },
    { name: 'a purchased item without purchasedPrice adds its price', items: [item(10, true), item(5, true, 4)], expected: { itemCount: 2, purchasedCount: 2, totalPaid: 14 } },
    { name: 'a purchasedPrice of 0 is a real price, not a missing one', items: [item(10, true, 0)], expected: { itemCount: 1, purchasedCount: 1, totalPaid: 0 } },
    { name: "purchaseStatus 'PURCHASED' alone counts as purchased", items: [item(3, false, null, 'PURCHASED')], expected: { itemCount: 1, purchasedCount: 1, totalPaid: 3 } },
    { name: 'cents add up exactly (0.1 + 0.2 = 0.3)', items: [item(0.1, true), item(0.2, true)], expected: { itemCount: 2, purchasedCount: 2, totalPaid: 0.3 } },
  ]
  for (const { name, items, expected } of cases) {
    it(name, () => expect(computeWishlistStats(items)).toEqual(expected))
  }

  it('an item with another purchaseStatus and isPurchased false is not purchased', () => {
    expect(isItemPurchased({ isPurchased: false, purchaseStatus: 'PENDING' })).toBe(false)
  })
})
