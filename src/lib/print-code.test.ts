import { create } from 'qrcode'
import { describe, expect, it } from 'vitest'
import { printCode, printCodePath } from './print-code.ts'

describe('the printed code: error correction H inside a 4-module quiet zone', () => {
  it.each(['http://127.0.0.1:8080/profile/abcDEF2345', 'https://qrtee.example/profile/Zx9k2mQp7w'])('%s', (url) => {
    const qr = create(url, { errorCorrectionLevel: 'H' })
    const code = printCode(url)
    expect(code.side).toBe(qr.modules.size + 8)
    const expected: Array<[number, number]> = []
    for (let row = 0; row < qr.modules.size; row += 1) for (let col = 0; col < qr.modules.size; col += 1) if (qr.modules.get(row, col)) expected.push([row + 4, col + 4])
    expect(code.dark).toEqual(expected)
  })

  it('draws one unit square per dark module', () => {
    expect(printCodePath({ side: 10, dark: [[4, 5], [6, 4]] })).toBe('M5 4h1v1h-1zM4 6h1v1h-1z')
  })
})
