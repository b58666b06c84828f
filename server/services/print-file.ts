// The owner's QR print file (design.md section 6): a transparent PNG of {PUBLIC_URL}/profile/{shareableId}, error
// correction H, a 4-module quiet zone, at least 3000 px wide; and its proof: decoding our own bytes back (jsQR).
import jsQR from 'jsqr'
import { create as createQr } from 'qrcode'
import sharp from 'sharp'
import { profileAddress } from '../../src/lib/profile-address.ts'

export const PRINT_FILE_MIN_WIDTH = 3000
export const QUIET_ZONE_MODULES = 4
/** Printful wants at least 150 DPI at print size; 3000 px at 300 DPI prints 25 cm, well above that at chest size. */
const PRINT_DPI = 300

export type PrintFile = { png: Buffer; width: number; modulePixels: number; url: string }

/** Black modules on a transparent background, `modulePixels` per module, sized to the first width >= 3000 px. */
export async function renderPrintFile(url: string): Promise<PrintFile> {
  const qr = createQr(url, { errorCorrectionLevel: 'H' })
  const modules = qr.modules.size
  const side = modules + 2 * QUIET_ZONE_MODULES
  const pixels = Buffer.alloc(side * side * 4) // all transparent
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!qr.modules.get(row, col)) continue
      const at = ((row + QUIET_ZONE_MODULES) * side + col + QUIET_ZONE_MODULES) * 4
      pixels[at + 3] = 255 // opaque black
    }
  }
  const modulePixels = Math.ceil(PRINT_FILE_MIN_WIDTH / side)
  const width = side * modulePixels
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 4 } })
    .resize(width, width, { kernel: 'nearest' })
    .withMetadata({ density: PRINT_DPI })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
  return { png, width, modulePixels, url }
}

/** What a scanner reads from the file, seen on a white shirt (transparent -> white); null when nothing decodes. */
export async function decodePrintFile(png: Buffer): Promise<string | null> {
  // A phone sees the print from an arm's length, far below 3000 px: decoding a 1000 px view is that check, and quick.
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .resize(1000, 1000, { kernel: 'nearest' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
  return found?.data ?? null
}

export class UnscannablePrintFileError extends Error {}

type Entry = { file: PrintFile; verified: boolean }
const MAX_CACHED = 64
const cache = new Map<string, Promise<Entry>>()

/**
 * The print file of one profile, rendered once per address and process and proven: the decoded text must equal the
 * address exactly, or it throws (the order is refused, nothing unscannable reaches the printer).
 */
export async function verifiedPrintFile(publicUrl: string, shareableId: string): Promise<PrintFile> {
  const url = profileAddress(publicUrl, shareableId)
  let entry = cache.get(url)
  if (!entry) {
    entry = (async () => {
      const file = await renderPrintFile(url)
      return { file, verified: (await decodePrintFile(file.png)) === url }
    })()
    entry.catch(() => cache.delete(url))
    cache.set(url, entry)
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string)
  }
  const { file, verified } = await entry
  if (!verified) throw new UnscannablePrintFileError(`The print file of ${url} does not decode to its address`)
  return file
}

/** The address the provider fetches the file from. */
export function printFileAddress(publicUrl: string, shareableId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/public/print-files/${encodeURIComponent(shareableId)}.png`
}
