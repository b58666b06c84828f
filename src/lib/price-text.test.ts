import { describe, expect, it } from 'vitest'
import { readPrice, type PriceReading } from './price-text.ts'

describe('a typed or pasted price is read as the owner meant it, or refused with its reason', () => {
  const cases: Array<[string, PriceReading]> = [
    ['1299', { ok: true, value: 1299 }],
    ['1299.00', { ok: true, value: 1299 }],
    ['1,299.00', { ok: true, value: 1299 }],
    ['1.299,00', { ok: true, value: 1299 }],
    ['1.299,00 €', { ok: true, value: 1299 }],
    ['€ 1 299,00', { ok: true, value: 1299 }],
    ['€1,299.50', { ok: true, value: 1299.5 }],
    ['1.234,50', { ok: true, value: 1234.5 }],
    ['12,99', { ok: true, value: 12.99 }],
    ['12.99', { ok: true, value: 12.99 }],
    ['12.5', { ok: true, value: 12.5 }],
    ['0,5', { ok: true, value: 0.5 }],
    ['.5', { ok: true, value: 0.5 }],
    ['12.', { ok: true, value: 12 }],
    ['0', { ok: true, value: 0 }],
    ['1.299.000', { ok: true, value: 1299000 }],
    ['1,299,000.00', { ok: true, value: 1299000 }],
    ['0.07', { ok: true, value: 0.07 }],
    ['5.999', { ok: false, problem: 'ambiguous' }],
    ['1.000', { ok: false, problem: 'ambiguous' }],
    ['0.125', { ok: false, problem: 'decimals' }],
    ['12.3456', { ok: false, problem: 'decimals' }],
    ['12,3456', { ok: false, problem: 'decimals' }],
    ['1.299,001', { ok: false, problem: 'decimals' }],
    ['0,999', { ok: false, problem: 'decimals' }],
    ['1,299', { ok: false, problem: 'ambiguous' }],
    ['999,000', { ok: false, problem: 'ambiguous' }],
    ['', { ok: false, problem: 'empty' }],
    ['  € ', { ok: false, problem: 'empty' }],
    ['-5', { ok: false, problem: 'negative' }],
    ['abc', { ok: false, problem: 'invalid' }],
    ['12a', { ok: false, problem: 'invalid' }],
    ['1e3', { ok: false, problem: 'invalid' }],
    ['.', { ok: false, problem: 'invalid' }],
    ['1.2.3', { ok: false, problem: 'invalid' }],
    ['1,29.00', { ok: false, problem: 'invalid' }],
    ['12.99,5', { ok: false, problem: 'invalid' }],
    ['1.299.00,5', { ok: false, problem: 'invalid' }],
    ['1.2,99.0', { ok: false, problem: 'invalid' }],
  ]
  for (const [text, expected] of cases) {
    it(`'${text}' -> ${JSON.stringify(expected)}`, () => expect(readPrice(text)).toEqual(expected))
  }
})
