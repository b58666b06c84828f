import { describe, expect, it } from 'vitest'
import type { DatedAmount, Grouping, PurchaseFilter } from './date-buckets.ts'
import { defaultFilter, filterPurchases, filterRange, groupTotals, startOfWeek, summarize, yearOptions } from './date-buckets.ts'

/** A purchase at a local wall-clock time, so every case reads the same in any time zone. */
function at(year: number, monthIndex: number, day: number, hour = 12, price = 10): DatedAmount {
  return { purchasedAt: new Date(year, monthIndex, day, hour).toISOString(), priceAtPurchase: price }
}
const local = (year: number, monthIndex: number, day: number) => new Date(year, monthIndex, day)

// Wednesday 15 January 2025, 10:00 local.
const NOW = new Date(2025, 0, 15, 10)

describe('defaultFilter', () => {
  it('is the month of the current date', () => {
    expect(defaultFilter(NOW)).toEqual({ kind: 'month', year: 2025, monthIndex: 0 })
  })
})

describe('startOfWeek', () => {
  it.each([
    ['a Wednesday', new Date(2025, 0, 15, 10), local(2025, 0, 13)],
    ['a Monday at midnight', local(2025, 0, 13), local(2025, 0, 13)],
    ['a Sunday late', new Date(2025, 0, 19, 23, 59), local(2025, 0, 13)],
    ['a Thursday across a month end', local(2025, 4, 1), local(2025, 3, 28)],
    ['a Sunday across a year end', local(2023, 11, 31), local(2023, 11, 25)],
    ['the Sunday of a DST change', new Date(2025, 2, 30, 12), local(2025, 2, 24)],
  ])('starts the week of %s on Monday 00:00', (_, date, expected) => {
    expect(startOfWeek(date)).toEqual(expected)
  })
})

describe('filterRange', () => {
  it.each<[string, PurchaseFilter, Date, { start: Date; end: Date } | null]>([
    ['All time', { kind: 'all' }, NOW, null],
    ['Today', { kind: 'today' }, NOW, { start: local(2025, 0, 15), end: local(2025, 0, 16) }],
    ['This week', { kind: 'week' }, NOW, { start: local(2025, 0, 13), end: local(2025, 0, 20) }],
    ['This week over a DST change', { kind: 'week' }, new Date(2025, 2, 27, 9), { start: local(2025, 2, 24), end: local(2025, 2, 31) }],
    ['Month', { kind: 'month', year: 2024, monthIndex: 1 }, NOW, { start: local(2024, 1, 1), end: local(2024, 2, 1) }],
    ['December', { kind: 'month', year: 2024, monthIndex: 11 }, NOW, { start: local(2024, 11, 1), end: local(2025, 0, 1) }],
    ['Year', { kind: 'year', year: 2023 }, NOW, { start: local(2023, 0, 1), end: local(2024, 0, 1) }],
  ])('%s', (_, filter, now, expected) => {
    expect(filterRange(filter, now)).toEqual(expected)
  })
})

describe('filterPurchases', () => {
  const purchases = [
    at(2025, 0, 15, 0),
    at(2025, 0, 15, 23),
    at(2025, 0, 13, 0),
    at(2025, 0, 12, 23),
    at(2025, 0, 19, 23),
    at(2025, 0, 20, 0),
    at(2025, 0, 1, 0),
    at(2024, 11, 31, 23),
    at(2024, 5, 1),
    { purchasedAt: 'not a date', priceAtPurchase: 1 },
  ]
  it.each<[string, PurchaseFilter, number[]]>([
    ['All time keeps everything, even unreadable dates', { kind: 'all' }, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['Today is midnight to midnight', { kind: 'today' }, [0, 1]],
    ['This week is Monday 00:00 to Sunday 23:59', { kind: 'week' }, [0, 1, 2, 4]],
    ['Month is the chosen month of the chosen year', { kind: 'month', year: 2025, monthIndex: 0 }, [0, 1, 2, 3, 4, 5, 6]],
    ['another Month', { kind: 'month', year: 2024, monthIndex: 11 }, [7]],
    ['Year is the chosen year', { kind: 'year', year: 2024 }, [7, 8]],
    ['an empty year', { kind: 'year', year: 2020 }, []],
  ])('%s', (_, filter, expectedIndexes) => {
    expect(filterPurchases(purchases, filter, NOW)).toEqual(expectedIndexes.map((index) => purchases[index]))
  })
})

describe('summarize', () => {
  it.each<[DatedAmount[], { count: number; total: number }]>([
    [[], { count: 0, total: 0 }],
    [[at(2025, 0, 1, 12, 0.1), at(2025, 0, 2, 12, 0.2)], { count: 2, total: 0.3 }],
    [[at(2025, 0, 1, 12, 19.99)], { count: 1, total: 19.99 }],
  ])('counts and totals %#', (purchases, expected) => {
    expect(summarize(purchases)).toEqual(expected)
  })
})

describe('yearOptions', () => {
  it.each<[string, DatedAmount[], number[]]>([
    ['the current year when there are no purchases', [], [2025]],
    ['the years of the purchases, newest first, once each', [at(2023, 3, 1), at(2025, 0, 1), at(2023, 6, 1)], [2025, 2023]],
    ['only purchase years, even without the current one', [at(2022, 0, 1)], [2022]],
    ['the current year when no date is readable', [{ purchasedAt: '', priceAtPurchase: 1 }], [2025]],
  ])('lists %s', (_, purchases, expected) => {
    expect(yearOptions(purchases, NOW)).toEqual(expected)
  })
})

describe('groupTotals', () => {
  const totals = (purchases: DatedAmount[], grouping: Grouping, range: { start: Date; end: Date } | null) =>
    groupTotals(purchases, grouping, range).map(({ label, count, total }) => [label, count, total])

  it('groups by day of week, Monday first, all seven days', () => {
    // 13 Jan 2025 is a Monday, 19 Jan a Sunday.
    const purchases = [at(2025, 0, 13, 9, 5), at(2025, 0, 19, 9, 2.5), at(2025, 0, 20, 9, 1), at(2025, 0, 15, 9, 0.1), at(2025, 0, 15, 9, 0.2)]
    expect(totals(purchases, 'dayOfWeek', null)).toEqual([
      ['Mon', 2, 6],
      ['Tue', 0, 0],
      ['Wed', 2, 0.3],
      ['Thu', 0, 0],
      ['Fri', 0, 0],
      ['Sat', 0, 0],
      ['Sun', 1, 2.5],
    ])
  })

  it.each<[string, DatedAmount[], Grouping, { start: Date; end: Date } | null, unknown[]]>([
    ['months of the data, gaps filled', [at(2024, 10, 3, 12, 4), at(2025, 1, 1, 12, 6), at(2025, 1, 28, 12, 1)], 'month', null, [
      ['Nov 2024', 1, 4],
      ['Dec 2024', 0, 0],
      ['Jan 2025', 0, 0],
      ['Feb 2025', 2, 7],
    ]],
    ['every month of a Year filter', [at(2024, 2, 1, 12, 3)], 'month', { start: local(2024, 0, 1), end: local(2025, 0, 1) }, [
      ['Jan 2024', 0, 0], ['Feb 2024', 0, 0], ['Mar 2024', 1, 3], ['Apr 2024', 0, 0], ['May 2024', 0, 0], ['Jun 2024', 0, 0],
      ['Jul 2024', 0, 0], ['Aug 2024', 0, 0], ['Sep 2024', 0, 0], ['Oct 2024', 0, 0], ['Nov 2024', 0, 0], ['Dec 2024', 0, 0],
    ]],
    ['one month for a Month filter', [at(2025, 0, 2, 12, 3)], 'month', { start: local(2025, 0, 1), end: local(2025, 1, 1) }, [['Jan 2025', 1, 3]]],
    ['two months for a week across a month end', [], 'month', { start: local(2025, 3, 28), end: local(2025, 4, 5) }, [
      ['Apr 2025', 0, 0],
      ['May 2025', 0, 0],
    ]],
    ['years of the data, gaps filled', [at(2022, 5, 1, 12, 1), at(2024, 0, 1, 0, 2), at(2024, 11, 31, 23, 3)], 'year', null, [
      ['2022', 1, 1],
      ['2023', 0, 0],
      ['2024', 2, 5],
    ]],
    ['no groups for no purchases and no range', [], 'year', null, []],
    ['unreadable dates left out', [{ purchasedAt: 'x', priceAtPurchase: 9 }, at(2025, 0, 1, 12, 1)], 'year', null, [['2025', 1, 1]]],
  ])('totals %s', (_, purchases, grouping, range, expected) => {
    expect(totals(purchases, grouping, range)).toEqual(expected)
  })

  it('caps All time monthly bars at ten years yet still counts every purchase', () => {
    const purchases = [at(2000, 0, 1, 12, 1), at(2025, 0, 1, 12, 2)]
    const groups = groupTotals(purchases, 'month', null)
    expect(groups.length).toBe(121)
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(2)
    expect(groups.at(-1)).toMatchObject({ label: 'Jan 2025', total: 2 })
  })
})
