import { describe, expect, it } from 'vitest'
import type { ScanDay } from '../../contract/scans.ts'
import { scanSeries, utcDay } from './scan-series.ts'

const day = (date: string, scans: number, visitors: number): ScanDay => ({ day: date, scans, visitors })

type Case = {
  name: string
  stored: ScanDay[]
  today: string
  length?: number
  expectDays?: ScanDay[]
  expectFirstLast?: [string, string]
  expectTotals: [number, number]
}

const cases: Case[] = [
  {
    name: 'nothing stored: 30 days of zeros ending today',
    stored: [],
    today: '2026-11-24',
    expectFirstLast: ['2026-10-26', '2026-11-24'],
    expectTotals: [0, 0],
  },
  {
    name: 'missing days in between read as zeros, oldest first',
    stored: [day('2026-11-22', 5, 3), day('2026-11-24', 2, 2)],
    today: '2026-11-24',
    length: 4,
    expectDays: [day('2026-11-21', 0, 0), day('2026-11-22', 5, 3), day('2026-11-23', 0, 0), day('2026-11-24', 2, 2)],
    expectTotals: [7, 5],
  },
  {
    name: 'offline on a later day: days older than the window fall out, the new days are zero',
    stored: [day('2026-11-20', 9, 9), day('2026-11-21', 4, 1)],
    today: '2026-11-23',
    length: 3,
    expectDays: [day('2026-11-21', 4, 1), day('2026-11-22', 0, 0), day('2026-11-23', 0, 0)],
    expectTotals: [4, 1],
  },
  {
    name: 'a device clock a day behind the server: the series ends at the newest stored day, no count hidden',
    stored: [day('2026-11-24', 6, 2)],
    today: '2026-11-23',
    length: 2,
    expectDays: [day('2026-11-23', 0, 0), day('2026-11-24', 6, 2)],
    expectTotals: [6, 2],
  },
  {
    name: 'across a month and a leap day',
    stored: [day('2028-02-29', 1, 1), day('2028-03-01', 2, 1)],
    today: '2028-03-01',
    length: 3,
    expectDays: [day('2028-02-28', 0, 0), day('2028-02-29', 1, 1), day('2028-03-01', 2, 1)],
    expectTotals: [3, 2],
  },
  {
    name: 'the default window is the feed’s 30 days: a day 30 days back is outside it',
    stored: [day('2026-10-25', 100, 50), day('2026-10-26', 1, 1)],
    today: '2026-11-24',
    expectFirstLast: ['2026-10-26', '2026-11-24'],
    expectTotals: [1, 1],
  },
]

describe('scanSeries: stored days to the Dashboard chart', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const series = scanSeries(testCase.stored, testCase.today, testCase.length)
      if (testCase.expectDays) expect(series.days).toEqual(testCase.expectDays)
      if (testCase.expectFirstLast) {
        expect(series.days).toHaveLength(30)
        expect([series.days[0]?.day, series.days.at(-1)?.day]).toEqual(testCase.expectFirstLast)
      }
      expect([series.totalScans, series.totalVisitors]).toEqual(testCase.expectTotals)
    })
  }

  it('utcDay is the UTC calendar day, whatever the local time zone', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24')
    expect(utcDay(new Date('2026-11-24T23:30:00.000-05:00'))).toBe('2026-11-25')
  })
})
