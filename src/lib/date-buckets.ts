// Owns the purchases filter and grouping of spec section 4 as pure local-calendar arithmetic; the clock is passed in.
import { sumEuro } from './money.ts'

/** What the calendar logic needs of a purchase record. */
export type DatedAmount = { purchasedAt: string; priceAtPurchase: number }

export type PurchaseFilter =
  | { kind: 'all' }
  | { kind: 'today' }
  /** Monday to Sunday of the week holding `now`. */
  | { kind: 'week' }
  /** monthIndex as in Date: 0 = January. */
  | { kind: 'month'; year: number; monthIndex: number }
  | { kind: 'year'; year: number }
export type FilterKind = PurchaseFilter['kind']

export type Grouping = 'dayOfWeek' | 'month' | 'year'

/** Half-open local-time range [start, end). */
export type DateRange = { start: Date; end: Date }

export type GroupTotal = { key: string; label: string; count: number; total: number }

const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
/** A bounded chart even for absurd data: ten years of months. */
const MAX_BUCKETS = 120

/** The spec's default: the month of the current date. */
export function defaultFilter(now: Date): PurchaseFilter {
  return { kind: 'month', year: now.getFullYear(), monthIndex: now.getMonth() }
}

/** The purchase's local time, or null when the server sent something unreadable. */
export function purchaseTime(purchase: DatedAmount): Date | null {
  const date = new Date(purchase.purchasedAt)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Monday 00:00 local of the week holding `date`; built from calendar fields so DST days stay whole days. */
export function startOfWeek(date: Date): Date {
  const daysSinceMonday = (date.getDay() + 6) % 7
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - daysSinceMonday)
}

/** The range a filter covers, or null for All time. */
export function filterRange(filter: PurchaseFilter, now: Date): DateRange | null {
  switch (filter.kind) {
    case 'all':
      return null
    case 'today': {
      const start = new Date(now.getFullYear(), now.getMonth(), now.getDate())
      return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) }
    }
    case 'week': {
      const start = startOfWeek(now)
      return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7) }
    }
    case 'month':
      return { start: new Date(filter.year, filter.monthIndex, 1), end: new Date(filter.year, filter.monthIndex + 1, 1) }
    case 'year':
      return { start: new Date(filter.year, 0, 1), end: new Date(filter.year + 1, 0, 1) }
  }
}

/** The purchases inside the filter; All time keeps even records whose date cannot be read. */
export function filterPurchases<T extends DatedAmount>(purchases: readonly T[], filter: PurchaseFilter, now: Date): T[] {
  const range = filterRange(filter, now)
  if (range === null) return [...purchases]
  return purchases.filter((purchase) => {
    const time = purchaseTime(purchase)
    return time !== null && time >= range.start && time < range.end
  })
}

export function summarize(purchases: readonly DatedAmount[]): { count: number; total: number } {
  return { count: purchases.length, total: sumEuro(purchases.map((purchase) => purchase.priceAtPurchase)) }
}

/** Years to offer in the Month and Year selects: those of the purchases, newest first, or the current year. */
export function yearOptions(purchases: readonly DatedAmount[], now: Date): number[] {
  const years = new Set<number>()
  for (const purchase of purchases) {
    const time = purchaseTime(purchase)
    if (time !== null) years.add(time.getFullYear())
  }
  if (years.size === 0) years.add(now.getFullYear())
  return [...years].sort((a, b) => b - a)
}

/**
 * Totals per group, in calendar order and with empty groups filled in so a chart has no gaps: Day of week is always
 * Mon..Sun; Month and Year span the filter's range when it has one, otherwise the purchases' first to last date.
 */
export function groupTotals(purchases: readonly DatedAmount[], grouping: Grouping, range: DateRange | null): GroupTotal[] {
  const dated = purchases.flatMap((purchase) => {
    const time = purchaseTime(purchase)
    return time === null ? [] : [{ time, amount: purchase.priceAtPurchase }]
  })
  const keys = bucketKeys(grouping, range ?? dataRange(dated.map((entry) => entry.time)))
  const buckets = new Map(keys.map((key) => [key, { amounts: [] as number[] }]))
  for (const entry of dated) {
    const key = bucketKey(grouping, entry.time)
    let bucket = buckets.get(key)
    if (bucket === undefined) {
      // Only when the range was cut at MAX_BUCKETS; the purchase still counts in its own group.
      bucket = { amounts: [] }
      buckets.set(key, bucket)
    }
    bucket.amounts.push(entry.amount)
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, bucket]) => ({ key, label: bucketLabel(grouping, key), count: bucket.amounts.length, total: sumEuro(bucket.amounts) }))
}

function dataRange(times: readonly Date[]): DateRange | null {
  if (times.length === 0) return null
  const ms = times.map((time) => time.getTime())
  return { start: new Date(Math.min(...ms)), end: new Date(Math.max(...ms) + 1) }
}

/** Sortable keys: '0'..'6' (Monday first), 'YYYY-MM', 'YYYY'. */
function bucketKey(grouping: Grouping, time: Date): string {
  if (grouping === 'dayOfWeek') return String((time.getDay() + 6) % 7)
  const year = String(time.getFullYear()).padStart(4, '0')
  return grouping === 'year' ? year : `${year}-${String(time.getMonth() + 1).padStart(2, '0')}`
}

function bucketKeys(grouping: Grouping, range: DateRange | null): string[] {
  if (grouping === 'dayOfWeek') return DAY_LABELS.map((_, index) => String(index))
  if (range === null) return []
  const last = new Date(range.end.getTime() - 1)
  const keys: string[] = []
  const step = grouping === 'year' ? 12 : 1
  for (let cursor = new Date(range.start.getFullYear(), grouping === 'year' ? 0 : range.start.getMonth(), 1); cursor <= last; ) {
    if (keys.length === MAX_BUCKETS) break
    keys.push(bucketKey(grouping, cursor))
    cursor = new Date(cursor.getFullYear(), cursor.getMonth() + step, 1)
  }
  return keys
}

function bucketLabel(grouping: Grouping, key: string): string {
  if (grouping === 'dayOfWeek') return DAY_LABELS[Number(key)] ?? key
  if (grouping === 'year') return String(Number(key))
  const [year, month] = key.split('-')
  return `${MONTH_LABELS[Number(month) - 1] ?? month} ${Number(year)}`
}
