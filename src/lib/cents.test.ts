import { describe, expect, it } from 'vitest'
import { centsToDecimal, formatCents, parseCents } from './cents.ts'

describe('money in cents', () => {
  it.each([
    ['13.60', 1360],
    ['5', 500],
    ['0.5', 50],
    ['0.05', 5],
    [' 24.50 ', 2450],
    [4.99, 499],
    ['1.234', null],
    ['-1.00', null],
    ['abc', null],
    ['', null],
  ])('parseCents(%j) is %j', (input, expected) => expect(parseCents(input)).toBe(expected))

  it('writes cents back as the provider sends them', () => {
    expect(centsToDecimal(1360)).toBe('13.60')
    expect(centsToDecimal(5)).toBe('0.05')
  })

  it('formats euro like the spec and other currencies by their code', () => {
    expect(formatCents(2450, 'EUR')).toBe('€24.50')
    expect(formatCents(2450, 'USD')).toBe('$24.50')
    expect(formatCents(2450, 'bogus')).toBe('€24.50')
  })
})
