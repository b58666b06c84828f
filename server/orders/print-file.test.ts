// The print file decoded back to exactly the profile address, with its size, transparency and quiet zone checked.
import jsQR from 'jsqr'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { decodePrintFile, PRINT_FILE_MIN_WIDTH, printFileAddress, QUIET_ZONE_MODULES, renderPrintFile } from './print-file.ts'

// jsQR as this thread sees it: it counts its calls, so a test can show the decode ran in the worker thread instead.
const mainThreadDecodes = vi.hoisted(() => ({ count: 0 }))
vi.mock('jsqr', async (original) => {
  const real = ((await original()) as { default: typeof jsQR }).default
  return { default: (...args: Parameters<typeof jsQR>) => (mainThreadDecodes.count++, real(...args)) }
})

describe('QR print file', () => {
  it('is a transparent PNG at least 3000 px wide with a 4-module quiet zone that decodes to exactly the address', async () => {
    const url = 'https://qrtee.example/profile/Ab3_x-9Kq'
    const file = await renderPrintFile(url)
    const { data, info } = await sharp(file.png).raw().toBuffer({ resolveWithObject: true })
    const meta = await sharp(file.png).metadata()
    expect(meta.format).toBe('png')
    expect(info.channels).toBe(4)
    expect(info.width).toBeGreaterThanOrEqual(PRINT_FILE_MIN_WIDTH)
    expect(info.height).toBe(info.width)

    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? -1
    const quiet = QUIET_ZONE_MODULES * file.modulePixels
    // The quiet zone (4 modules on every side) is entirely transparent; the code's first module (a finder corner) is black.
    for (let i = 0; i < info.width; i += 7) {
      for (const edge of [0, quiet - 1, info.width - quiet, info.width - 1]) {
        expect(alphaAt(i, edge)).toBe(0)
        expect(alphaAt(edge, i)).toBe(0)
      }
    }
    expect(alphaAt(quiet, quiet)).toBe(255)
    expect(data.subarray(quiet * info.width * 4, (quiet * info.width + 1) * 4)).toEqual(Buffer.from([0, 0, 0, 0]))

    // Decoded by jsQR at full size, seen on a white shirt.
    const white = await sharp(file.png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(jsQR(new Uint8ClampedArray(white.data), white.info.width, white.info.height)?.data).toBe(url)
    expect(await decodePrintFile(file.png)).toBe(url)
  })

  it('is served at its own address, built from PUBLIC_URL', () => {
    expect(printFileAddress('http://shirts.example:8080/', 'abcDEF123')).toBe('http://shirts.example:8080/api/public/print-files/abcDEF123.png')
  })

  it('is decoded in a worker thread, never by jsQR on the event loop', async () => {
    const url = 'https://qrtee.example/profile/worker_1'
    const file = await renderPrintFile(url)
    const before = mainThreadDecodes.count
    expect(await Promise.all([decodePrintFile(file.png), decodePrintFile(file.png)])).toEqual([url, url])
    expect(mainThreadDecodes.count).toBe(before)
  })

  it('decodes nothing from a blank image, so an unscannable file is refused', async () => {
    const blank = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer()
    expect(await decodePrintFile(blank)).toBeNull()
  })
})
