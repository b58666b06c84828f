// Owns the pure side of the Purchases tab: the filter controls' options and the rows of the transactions table.
import type { PurchaseRecord } from '../../contract/purchase.ts'
import type { WishlistItem } from '../../contract/wishlist.ts'
import type { FilterKind, Grouping, PurchaseFilter } from '../../lib/date-buckets.ts'
import { purchaseTime, yearOptions } from '../../lib/date-buckets.ts'

export const FILTER_OPTIONS: ReadonlyArray<{ value: FilterKind; label: string }> = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
]

export const GROUPING_OPTIONS: ReadonlyArray<{ value: Grouping; label: string }> = [
  { value: 'dayOfWeek', label: 'Day of week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
]

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const

/** What the panel holds: the month and year stay remembered while another filter kind is chosen. */
export type FilterControls = { kind: FilterKind; monthIndex: number; year: number; grouping: Grouping }

/** Spec section 4: Month of the current date, grouped by Month. */
export function defaultControls(now: Date): FilterControls {
  return { kind: 'month', monthIndex: now.getMonth(), year: now.getFullYear(), grouping: 'month' }
}

export function filterOf(controls: FilterControls): PurchaseFilter {
  switch (controls.kind) {
    case 'month':
      return { kind: 'month', year: controls.year, monthIndex: controls.monthIndex }
    case 'year':
      return { kind: 'year', year: controls.year }
    default:
      return { kind: controls.kind }
  }
}

/** The period the summary card speaks of: 'All time', 'Today', 'This week', 'March 2025', '2025'. */
export function filterLabel(filter: PurchaseFilter): string {
  switch (filter.kind) {
    case 'month':
      return `${MONTH_NAMES[filter.monthIndex] ?? ''} ${filter.year}`.trim()
    case 'year':
      return String(filter.year)
    default:
      return FILTER_OPTIONS.find((option) => option.value === filter.kind)?.label ?? ''
  }
}

/** The purchases' years (or the current one), plus the chosen year, so the select never shows a blank value. */
export function yearChoices(purchases: readonly PurchaseRecord[], now: Date, selectedYear: number): number[] {
  const years = yearOptions(purchases, now)
  return years.includes(selectedYear) ? years : [...years, selectedYear].sort((a, b) => b - a)
}

export type TransactionRow = {
  id: string
  date: Date | null
  itemName: string
  price: number
  /** The buyer's message stored with the purchase (decision 148), or null. */
  message: { email: string; text: string } | null
  /**
   * The item is still on the wishlist. 'Back on the wishlist' needs it: undoing the purchase of a deleted item would
   * put nothing back on sale and only erase the record of the gift and its message.
   */
  canUndo: boolean
}

/** Purchases the owner has not put back on the wishlist; an undone one counts nowhere in the tab. */
export function livePurchases(purchases: readonly PurchaseRecord[]): PurchaseRecord[] {
  return purchases.filter((purchase) => !purchase.undoneAt)
}

/**
 * Purchases put back on the wishlist that carry the buyer's message, newest first: they count nowhere, but a message
 * stored with them (a real buyer's, or a prankster's the owner may want to see) is never only in the export.
 */
export function undoneWithMessages(purchases: readonly PurchaseRecord[], items: readonly WishlistItem[]): TransactionRow[] {
  const undone = purchases.filter((purchase) => purchase.undoneAt && purchase.visitorMessage)
  return transactionRows(undone, items).map((row) => ({ ...row, canUndo: false }))
}

/** Named so the owner still recognises a purchase of an item they deleted since. */
export const DELETED_ITEM_NAME = 'Deleted item'

/** Every purchase, newest first, with its item's name; unreadable dates sink to the end rather than vanish. */
export function transactionRows(purchases: readonly PurchaseRecord[], items: readonly WishlistItem[]): TransactionRow[] {
  const names = new Map(items.map((item) => [item.id, item.name]))
  return purchases
    .map((purchase) => ({
      id: purchase.id,
      date: purchaseTime(purchase),
      itemName: names.get(purchase.wishlistItemId) ?? DELETED_ITEM_NAME,
      price: purchase.priceAtPurchase,
      message: purchase.visitorMessage ? { email: purchase.visitorEmail ?? '', text: purchase.visitorMessage } : null,
      canUndo: names.has(purchase.wishlistItemId),
    }))
    .sort((a, b) => (b.date?.getTime() ?? Number.NEGATIVE_INFINITY) - (a.date?.getTime() ?? Number.NEGATIVE_INFINITY) || a.id.localeCompare(b.id))
}
