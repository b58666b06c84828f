// Owns the Purchase tap that arrives before React runs the page (decision 176): the plain code keeps the item here while
// the purchase flow loads, and the wishlist opens its confirmation sheet for it once hydrated. One tap, taken once.

let pendingItemId: string | null = null

export function keepPurchaseTap(itemId: string): void {
  pendingItemId = itemId
}

export function takePurchaseTap(): string | null {
  const itemId = pendingItemId
  pendingItemId = null
  return itemId
}
