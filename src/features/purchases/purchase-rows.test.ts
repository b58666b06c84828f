import { describe, expect, it } from 'vitest'
import type { PurchaseRecord } from '../../contract/purchase.ts'
import type { WishlistItem } from '../../contract/wishlist.ts'
import type { PurchaseFilter } from '../../lib/date-buckets.ts'
import type { FilterControls } from './purchase-rows.ts'
import { defaultControls, filterLabel, filterOf, livePurchases, undoneWithMessages, transactionRows, yearChoices } from './purchase-rows.ts'

const NOW = new Date(2025, 2, 12, 10)
const purchase = (id: string, purchasedAt: string, wishlistItemId = 'item-1', priceAtPurchase = 10): PurchaseRecord => ({ id, wishlistItemId, purchasedAt, priceAtPurchase })
const item = (id: string, name: string): WishlistItem => ({
  id, name, brand: 'B', description: 'A long enough description', imageUrl: null, productUrl: null,
  price: 10, isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: 10, storedImageId: null,
})

describe('defaultControls', () => {
  it('is Month of today, grouped by Month', () => {
    expect(defaultControls(NOW)).toEqual({ kind: 'month', monthIndex: 2, year: 2025, grouping: 'month' })
  })
})

describe('filterOf and filterLabel', () => {
  const controls = (kind: FilterControls['kind']): FilterControls => ({ kind, monthIndex: 2, year: 2024, grouping: 'month' })
  it.each<[FilterControls, PurchaseFilter, string]>([
    [controls('all'), { kind: 'all' }, 'All time'],
    [controls('today'), { kind: 'today' }, 'Today'],
    [controls('week'), { kind: 'week' }, 'This week'],
    [controls('month'), { kind: 'month', year: 2024, monthIndex: 2 }, 'March 2024'],
    [controls('year'), { kind: 'year', year: 2024 }, '2024'],
  ])('%j', (input, filter, label) => {
    expect(filterOf(input)).toEqual(filter)
    expect(filterLabel(filterOf(input))).toBe(label)
  })
})

describe('yearChoices', () => {
  it.each<[string, PurchaseRecord[], number, number[]]>([
    ['the current year without purchases', [], 2025, [2025]],
    ['the purchase years, newest first', [purchase('a', '2023-05-01T10:00:00Z'), purchase('b', '2024-05-01T10:00:00Z')], 2024, [2024, 2023]],
    ['the chosen year too, so the select is never blank', [purchase('a', '2023-05-01T10:00:00Z')], 2025, [2025, 2023]],
  ])('%s', (_, purchases, selected, expected) => {
    expect(yearChoices(purchases, NOW, selected)).toEqual(expected)
  })
})

describe('transactionRows', () => {
  it('lists every purchase newest first with its item name, unknown items as deleted, unreadable dates last', () => {
    const rows = transactionRows(
      [
        purchase('p1', '2025-01-01T10:00:00Z', 'item-1', 5),
        purchase('p2', 'garbage', 'item-2', 7),
        purchase('p3', '2025-03-01T10:00:00Z', 'gone', 9.5),
        purchase('p4', '2024-12-31T10:00:00Z', 'item-2', 1),
      ],
      [item('item-1', 'Mug'), item('item-2', 'Book')],
    )
    expect(rows.map(({ id, itemName, price, canUndo }) => [id, itemName, price, canUndo])).toEqual([
      // A deleted item cannot go back on the wishlist: its purchase is kept, with no undo.
      ['p3', 'Deleted item', 9.5, false],
      ['p1', 'Mug', 5, true],
      ['p4', 'Book', 1, true],
      ['p2', 'Book', 7, true],
    ])
    expect(rows.at(-1)?.date).toBeNull()
  })
})

describe("the buyer's message and the owner's undo (decision 148)", () => {
  it('a row carries the message stored with the purchase; a purchase without one has none', () => {
    const rows = transactionRows(
      [{ ...purchase('p1', '2025-01-01T10:00:00Z'), visitorEmail: 'ada@example.com', visitorMessage: 'Happy birthday!' }, purchase('p2', '2025-01-02T10:00:00Z')],
      [item('item-1', 'Mug')],
    )
    expect(rows.map((row) => [row.id, row.message])).toEqual([
      ['p2', null],
      ['p1', { email: 'ada@example.com', text: 'Happy birthday!' }],
    ])
  })

  it('undone purchases with a message are listed on their own, newest first, without an undo', () => {
    const rows = undoneWithMessages(
      [
        { ...purchase('p1', '2025-01-01T10:00:00Z'), undoneAt: '2025-01-01T11:00:00Z', visitorEmail: 'prank@example.com', visitorMessage: 'Gotcha' },
        { ...purchase('p2', '2025-01-02T10:00:00Z'), undoneAt: '2025-01-02T11:00:00Z' },
        { ...purchase('p3', '2025-01-03T10:00:00Z'), visitorEmail: 'ada@example.com', visitorMessage: 'Live one' },
        { ...purchase('p4', '2025-01-04T10:00:00Z'), undoneAt: '2025-01-04T11:00:00Z', visitorEmail: 'bo@example.com', visitorMessage: 'Oops, real' },
      ],
      [item('item-1', 'Mug')],
    )
    expect(rows.map((row) => [row.id, row.message?.text, row.canUndo])).toEqual([
      ['p4', 'Oops, real', false],
      ['p1', 'Gotcha', false],
    ])
  })

  it('an undone purchase counts nowhere in the tab', () => {
    const undone = { ...purchase('p1', '2025-01-01T10:00:00Z'), undoneAt: '2025-01-01T11:00:00Z' }
    expect(livePurchases([undone, purchase('p2', '2025-01-02T10:00:00Z'), { ...purchase('p3', '2025-01-03T10:00:00Z'), undoneAt: null }]).map((p) => p.id)).toEqual(['p2', 'p3'])
  })
})
