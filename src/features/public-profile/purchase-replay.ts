// Owns the Purchase or 'Send a message' tap that arrives before React runs the page (decision 176): the plain code
// keeps the tap here while the purchase flow loads, and the wishlist opens its sheet or message once hydrated. One
// tap, the last one, taken once; and the words when the page's code cannot be loaded for it.
import { PURCHASE_FAILED_TITLE, PURCHASE_FAILURE_MESSAGES } from './purchase-flow.ts'

export type PendingTap = { kind: 'purchase' | 'message'; itemId: string }

let pending: PendingTap | null = null

/** A later tap replaces an earlier one: the visitor who tapped twice wants what they tapped last, not two dialogs. */
export function keepTap(tap: PendingTap): void {
  pending = tap
}

export function takeTap(): PendingTap | null {
  const tap = pending
  pending = null
  return tap
}

/** The toast when the code behind a tap could not be loaded: nothing was bought, and a bought gift stays bought. */
export function tapFailureWords(kind: PendingTap['kind'], online: boolean): { title: string; message: string } {
  if (kind === 'purchase') return { title: PURCHASE_FAILED_TITLE, message: PURCHASE_FAILURE_MESSAGES[online ? 'unknown' : 'offline'] }
  return {
    title: 'The message could not be opened',
    message: online
      ? 'Something went wrong. Your gift is bought; please tap Send a message again.'
      : 'You are offline. Your gift is bought; send your message when you are back online.',
  }
}

/** The toast when a purchase whose answer was lost before a reload turns out to have gone through. */
export const RESUMED_PURCHASE_WORDS = (itemName: string) => ({
  title: 'Your gift went through',
  message: itemName === '' ? 'Thank you for your gift.' : `Thank you for giving ${itemName}.`,
})
