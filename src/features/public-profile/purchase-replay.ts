// Owns the Purchase (or 'Send a message') tap that arrives before React runs the page (decision 176): the plain code
// keeps the item here while the purchase flow loads, and the wishlist opens its sheet (or message) once hydrated. One
// tap, taken once.

let pendingItemId: string | null = null

export function keepPurchaseTap(itemId: string): void {
  pendingItemId = itemId
}

export function takePurchaseTap(): string | null {
  const itemId = pendingItemId
  pendingItemId = null
  return itemId
}

let pendingMessageItemId: string | null = null

export function keepMessageTap(itemId: string): void {
  pendingMessageItemId = itemId
}

export function takeMessageTap(): string | null {
  const itemId = pendingMessageItemId
  pendingMessageItemId = null
  return itemId
}
