import { describe, expect, it } from 'vitest'
import { clampQuantity, readQuantity, stepQuantity } from './quantity.ts'

const refused = { ok: false, message: 'Quantity must be a whole number from 1 to 100.' }

describe('a typed quantity is ordered exactly as the field shows it, or refused with the limits', () => {
  it.each([
    ['1', { ok: true, quantity: 1 }],
    ['7', { ok: true, quantity: 7 }],
    [' 12 ', { ok: true, quantity: 12 }],
    ['100', { ok: true, quantity: 100 }],
    ['007', { ok: true, quantity: 7 }],
    ['0', refused],
    ['', refused],
    ['2.5', refused],
    ['2,5', refused],
    ['250', refused],
    ['101', refused],
    ['-3', refused],
    ['1e2', refused],
    ['abc', refused],
  ])('%j -> %j', (text, expected) => expect(readQuantity(text)).toEqual(expected))
})

describe('a stored quantity (nobody typed it now) is brought into the limits', () => {
  it.each([
    [0, 1],
    [-3, 1],
    ['', 1],
    ['7', 7],
    [2.7, 2],
    [250, 100],
    [undefined, 1],
  ])('%j becomes %j', (input, expected) => expect(clampQuantity(input)).toBe(expected))
})

describe('minus and plus stay within 1 to 100', () => {
  it.each([
    [1, -1, 1],
    [1, 1, 2],
    [100, 1, 100],
    [100, -1, 99],
  ] as const)('%i %i -> %i', (quantity, step, expected) => expect(stepQuantity(quantity, step)).toBe(expected))
})
