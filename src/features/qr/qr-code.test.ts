import jsQR from 'jsqr'
import { create } from 'qrcode'
import { describe, expect, it } from 'vitest'
import { profileUrl, qrFileName, qrPngDataUrl, qrSvgMarkup } from './qr-code.ts'

describe('profileUrl', () => {
  it.each([
    ['https://qrtee.example', 'aB3dE5gH', 'https://qrtee.example/profile/aB3dE5gH'],
    ['https://qrtee.example/', 'alice', 'https://qrtee.example/profile/alice'],
    ['http://localhost:5173', 'a b/c', 'http://localhost:5173/profile/a%20b%2Fc'],
  ])('%s + %s -> %s', (origin, id, expected) => {
    expect(profileUrl(origin, id)).toBe(expected)
  })
})

describe('qrFileName', () => {
  it.each<[string, 'png' | 'svg', string]>([
    ['aB3dE5gH', 'png', 'qrtee-aB3dE5gH.png'],
    ['aB3dE5gH', 'svg', 'qrtee-aB3dE5gH.svg'],
    ['../x', 'png', 'qrtee-x.png'],
    ['', 'svg', 'qrtee-profile.svg'],
  ])('%j as %s -> %s', (id, extension, expected) => {
    expect(qrFileName(id, extension)).toBe(expected)
  })
})

describe('QR renderings', () => {
  const url = 'https://qrtee.example/profile/aB3dE5gH'

  it('the code scans back to the profile link', () => {
    // Same encoder settings as the renderings; drawn 4 px per module with a 4-module quiet zone for the decoder.
    const { modules } = create(url, { errorCorrectionLevel: 'M' })
    const scale = 4
    const side = (modules.size + 8) * scale
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const [row, col] = [Math.floor(y / scale) - 4, Math.floor(x / scale) - 4]
        const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col)
        if (dark) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3)
      }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(url)
  })

  it('the PNG is a data URL', async () => {
    expect(await qrPngDataUrl(url, 150, 1)).toMatch(/^data:image\/png;base64,/)
  })

  it('the SVG is a standalone image', async () => {
    const svg = await qrSvgMarkup(url)
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  })
})
