import { describe, expect, it } from 'vitest'
import { scanAxis } from './scan-axis.ts'

const cases: { max: number; top: number; ticks: number[] }[] = [
  { max: 0, top: 1, ticks: [1, 0] },
  { max: 1, top: 1, ticks: [1, 0] },
  { max: 2, top: 2, ticks: [2, 1, 0] },
  { max: 3, top: 3, ticks: [3, 2, 1, 0] },
  { max: 4, top: 4, ticks: [4, 3, 2, 1, 0] },
  { max: 5, top: 6, ticks: [6, 4, 2, 0] },
  { max: 7, top: 8, ticks: [8, 6, 4, 2, 0] },
  { max: 9, top: 10, ticks: [10, 5, 0] },
  { max: 10, top: 10, ticks: [10, 5, 0] },
  { max: 13, top: 15, ticks: [15, 10, 5, 0] },
  { max: 37, top: 40, ticks: [40, 30, 20, 10, 0] },
  { max: 100, top: 100, ticks: [100, 50, 0] },
  { max: 1234, top: 1500, ticks: [1500, 1000, 500, 0] },
]

describe('scanAxis: the scans chart shows distinct whole-number ticks', () => {
  it.each(cases)('a busiest day of $max reads $ticks', ({ max, top, ticks }) => {
    expect(scanAxis(max)).toEqual({ top, ticks })
  })

  it('never repeats a tick and never shows a fraction, for any maximum up to 2000', () => {
    for (let max = 0; max <= 2000; max++) {
      const { top, ticks } = scanAxis(max)
      expect(new Set(ticks).size).toBe(ticks.length)
      expect(ticks.every(Number.isInteger)).toBe(true)
      expect(top).toBeGreaterThanOrEqual(max)
      expect(ticks.at(-1)).toBe(0)
      expect(ticks.length).toBeLessThanOrEqual(5)
    }
  })
})
