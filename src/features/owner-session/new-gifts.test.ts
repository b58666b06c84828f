// Which gifts an open app announces, and how: news since the app opened, once each, never history or an undone gift.
import { describe, expect, it } from 'vitest'
import { giftNotice, type GiftRow, NEWS_MARGIN_MS, newGifts, newGiftWatch } from './new-gifts.ts'

const OPENED = Date.parse('2026-11-30T12:00:00Z')
const at = (offsetMs: number) => new Date(OPENED + offsetMs).toISOString()
const row = (id: string, offsetMs: number, extra: Partial<GiftRow> = {}): GiftRow => ({ id, wishlistItemId: `item-${id}`, purchasedAt: at(offsetMs), priceAtPurchase: 12.5, undoneAt: null, ...extra })

describe('newGifts', () => {
  // Each emission of the watch: the purchases table, and whether a pull has stored its cursor yet.
  type Emission = [rows: GiftRow[], pulled: boolean]
  it.each<[string, Emission[], string[][]]>([
    ['what the device held when the app opened is not news; what a later pull brings is', [[[row('held', 0)], true], [[row('held', 0), row('new', 30_000)], true]], [[], ['new']]],
    ["a fresh device's first pull brings past gifts, none of them news", [[[], false], [[row('a', 1_000), row('b', 2_000)], true], [[row('a', 1_000), row('b', 2_000), row('c', 3_000)], true]], [[], [], ['c']]],
    ['each gift once, however often the table changes', [[[], true], [[row('a', 1_000)], true], [[row('a', 1_000), row('b', 2_000)], true], [[row('a', 1_000), row('b', 2_000)], true]], [[], ['a'], ['b'], []]],
    ["a later page of a first snapshot: history older than the app is not news", [[[], true], [[row('old', -86_400_000), row('new', 1_000)], true]], [[], ['new']]],
    ['a gift undone before it was seen is not news', [[[], true], [[row('a', 1_000, { undoneAt: at(2_000) })], true]], [[], []]],
    ['within the margin of a server clock ahead of the phone', [[[], true], [[row('a', -NEWS_MARGIN_MS + 1_000), row('b', -NEWS_MARGIN_MS - 1_000)], true]], [[], ['a']]],
    ['a date that does not parse is not announced', [[[], true], [[row('a', 0, { purchasedAt: 'yesterday' })], true]], [[], []]],
    ['several in one pull come together', [[[], true], [[row('a', 1_000), row('b', 2_000)], true]], [[], ['a', 'b']]],
    ["a logout clears the data: the next owner's first pull is their history, not news", [[[], true], [[], false], [[row('b1', 1_000), row('b2', 2_000)], true], [[row('b1', 1_000), row('b2', 2_000), row('b3', 3_000)], true]], [[], [], [], ['b3']]],
  ])('%s', (_name, emissions, expected) => {
    const state = newGiftWatch(OPENED)
    expect(emissions.map(([rows, pulled]) => newGifts(state, rows, pulled, OPENED).map((gift) => gift.id))).toEqual(expected)
  })
})

describe('giftNotice', () => {
  const names: Record<string, string> = { 'item-a': 'Red kite', 'item-b': 'Espresso cups', 'item-c': 'Climbing chalk' }
  it.each<[string, string[], { title: string; message: string }]>([
    ['one gift', ['a'], { title: 'New gift', message: 'Someone just bought Red kite (€12.50) for you.' }],
    ['two gifts', ['a', 'b'], { title: '2 new gifts', message: 'Someone just bought Red kite (€12.50) and Espresso cups (€12.50) for you.' }],
    ['three gifts', ['a', 'b', 'c'], { title: '3 new gifts', message: 'Someone just bought Red kite (€12.50), Espresso cups (€12.50) and Climbing chalk (€12.50) for you.' }],
    ['an item deleted since', ['z'], { title: 'New gift', message: 'Someone just bought a wish (€12.50) for you.' }],
  ])('%s', (_name, ids, expected) => {
    expect(giftNotice(ids.map((id) => row(id, 0)), (itemId) => names[itemId])).toEqual(expected)
  })
})
