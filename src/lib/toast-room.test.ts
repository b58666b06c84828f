import { describe, expect, it } from 'vitest'
import { toastLimit, toastPosition } from './toast-room.ts'

describe('toastLimit: how many toasts show at once', () => {
  const table: [width: number, expected: number][] = [
    [360, 2],
    [767, 2],
    [768, 3],
    [1280, 3],
  ]
  for (const [width, expected] of table) {
    it(`${width} px: ${expected}`, () => expect(toastLimit(width)).toBe(expected))
  }
})

describe('toastPosition: where toasts open', () => {
  const table: [width: number, expected: string][] = [
    [360, 'top-right'],
    [767, 'top-right'],
    [768, 'top-center'],
    [1440, 'top-center'],
  ]
  for (const [width, expected] of table) {
    it(`${width} px: ${expected}`, () => expect(toastPosition(width)).toBe(expected))
  }
})
