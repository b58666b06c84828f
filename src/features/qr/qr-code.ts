// Owns the QR codes of profile links: the URL they carry, their PNG and SVG renderings, and the download files.
import { toDataURL, toString as toQrString } from 'qrcode'
import { profileAddress } from '../../lib/profile-address.ts'

/** Spec section 9: {origin}/profile/{shareableId}; the landing demo uses /profile/{username}. */
export function profileUrl(publicUrl: string, shareableIdOrUsername: string): string {
  return profileAddress(publicUrl, shareableIdOrUsername)
}

/** 'M' correction survives a crease or a print flaw on a t-shirt better than the default for its size. */
const ERROR_CORRECTION = 'M'

/**
 * A PNG data URL `width` pixels wide. `margin` is the quiet zone in modules (not pixels); scanners need about 2
 * light modules around the code unless whatever surrounds it is white.
 */
export function qrPngDataUrl(text: string, width: number, margin = 2): Promise<string> {
  return toDataURL(text, { width, margin, errorCorrectionLevel: ERROR_CORRECTION })
}

export function qrSvgMarkup(text: string, margin = 2): Promise<string> {
  return toQrString(text, { type: 'svg', margin, errorCorrectionLevel: ERROR_CORRECTION })
}

export function qrFileName(shareableId: string, extension: 'png' | 'svg'): string {
  const safe = shareableId.replace(/[^A-Za-z0-9_-]/g, '') || 'profile'
  return `qrtee-${safe}.${extension}`
}

/** Hands a file to the browser's download; the object URL is released once the click has been dispatched. */
export function downloadFile(href: string, fileName: string): void {
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = fileName
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  if (href.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(href), 0)
}

/** Print-ready PNG: large enough for a t-shirt print file without upscaling blur. */
const DOWNLOAD_PNG_WIDTH = 1024

export async function downloadQrPng(text: string, shareableId: string): Promise<void> {
  downloadFile(await qrPngDataUrl(text, DOWNLOAD_PNG_WIDTH, 4), qrFileName(shareableId, 'png'))
}

export async function downloadQrSvg(text: string, shareableId: string): Promise<void> {
  const svg = await qrSvgMarkup(text, 4)
  downloadFile(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), qrFileName(shareableId, 'svg'))
}
