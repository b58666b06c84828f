// Owns which gifts an open app announces (a visitor bought a wish while the owner was looking), and the words for them.
import type { PurchaseRecord } from '../../contract/purchase.ts'
import { formatEuro } from '../../lib/money.ts'

/**
 * A purchase older than this before the app opened is history, not news: a fresh device's first pull brings every
 * past gift, and none of them is announced. The margin covers a server clock ahead of the phone's.
 */
export const NEWS_MARGIN_MS = 5 * 60_000

export type GiftRow = Pick<PurchaseRecord, 'id' | 'wishlistItemId' | 'purchasedAt' | 'priceAtPurchase' | 'undoneAt'>

/** What one watch has seen: every purchase id so far, whether the device's data was whole yet, and since when. */
export type GiftWatchState = { seen: Set<string>; baselineDone: boolean; openedAt: number }

export const newGiftWatch = (now = Date.now()): GiftWatchState => ({ seen: new Set(), baselineDone: false, openedAt: now })

/**
 * The purchases to announce now: not seen by this watch before, not undone, and made after the app opened (less the
 * margin). What the device held when the watch began is not news, nor what its very first pull brings (`pulled`: a
 * sync cursor is stored, which a pull writes with its rows). Every row given counts as seen from now on. The local
 * data cleared (a logout: the cursor is gone) starts the watch over, so the next owner's history is not news either.
 */
export function newGifts(state: GiftWatchState, rows: readonly GiftRow[], pulled: boolean, now = Date.now()): GiftRow[] {
  if (!pulled && state.baselineDone) Object.assign(state, newGiftWatch(now))
  const baseline = !state.baselineDone
  if (pulled) state.baselineDone = true
  const fresh: GiftRow[] = []
  for (const row of rows) {
    if (state.seen.has(row.id)) continue
    state.seen.add(row.id)
    const at = Date.parse(row.purchasedAt)
    if (!baseline && !row.undoneAt && Number.isFinite(at) && at >= state.openedAt - NEWS_MARGIN_MS) fresh.push(row)
  }
  return fresh
}

/** One toast for however many came in one pull; an item already deleted is still a gift, just without its name. */
export function giftNotice(gifts: readonly GiftRow[], nameOf: (itemId: string) => string | undefined): { title: string; message: string } {
  const named = gifts.map((gift) => {
    const name = nameOf(gift.wishlistItemId)
    return name ? `${name} (${formatEuro(gift.priceAtPurchase)})` : `a wish (${formatEuro(gift.priceAtPurchase)})`
  })
  if (named.length === 1) return { title: 'New gift', message: `Someone just bought ${named[0]} for you.` }
  const last = named.pop()
  return { title: `${gifts.length} new gifts`, message: `Someone just bought ${named.join(', ')} and ${last} for you.` }
}
