import { describe, expect, it } from 'vitest'
import { formatEuro, sumEuro } from './money.ts'

describe('formatEuro', () => {
  it.each([
    [12.5, '€12.50'],
    [0, '€0.00'],
    [-0, '€0.00'],
    [-0.001, '€0.00'],
    [3, '€3.00'],
    [0.1 + 0.2, '€0.30'],
    [19.999, '€20.00'],
    [1234.5, '€1,234.50'],
    [-3, '-€3.00'],
    [Number.NaN, '€0.00'],
    [Number.POSITIVE_INFINITY, '€0.00'],
  ])('shows %s as %s', (amount, expected) => {
    expect(formatEuro(amount)).toBe(expected)
  })
})

describe('sumEuro', () => {
  it.each([
    [[], 0],
    [[0.1, 0.2], 0.3],
    [[10, 2.5, 0.25], 12.75],
    [Array.from({ length: 10 }, () => 0.1), 1],
    [[5, Number.NaN], 5],
  ])('adds %j to %s', (amounts, expected) => {
    expect(sumEuro(amounts)).toBe(expected)
  })
})
