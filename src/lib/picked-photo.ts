// Pure rules for a picked photo: which formats the pickers take, and the size and format a large one is scaled to.
import { IMAGE_TYPES } from './image-formats.ts'

/** The pickers' `accept`: a hint to the file chooser only, so every pick is checked again with isAcceptedImage. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')

export const IMAGE_FORMAT_MESSAGE = 'Please choose a JPEG, PNG, WebP or GIF image. Other formats (such as HEIC or SVG) are not accepted.'

/** A file whose name and type say image but whose bytes the browser cannot open (a text file named .png). */
export const IMAGE_UNREADABLE_MESSAGE = 'Could not upload image: this file is not a picture that can be opened. Please choose a JPEG, PNG, WebP or GIF image.'

/** Old names some systems still give JPEG files. */
const JPEG_ALIASES = new Set(['image/jpg', 'image/pjpeg'])

/** Whether a picked file is one of the formats the server takes, by its declared type (the server checks the bytes). */
export function isAcceptedImage(file: Pick<Blob, 'type'>): boolean {
  const type = file.type.toLowerCase()
  return (IMAGE_TYPES as readonly string[]).includes(type) || JPEG_ALIASES.has(type)
}

/**
 * The size a picture of `width` x `height` is scaled to so its long side is at most `maxSide`, keeping its proportions
 * (each side at least 1 px); undefined when it already fits and is sent as picked.
 */
export function scaledSize(width: number, height: number, maxSide: number): { width: number; height: number } | undefined {
  if (!(width > 0 && height > 0) || Math.max(width, height) <= maxSide) return undefined
  const scale = maxSide / Math.max(width, height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * What a scaled picture is encoded as: photos stay JPEG or WebP (small on a phone's uplink); PNG and GIF become PNG,
 * which keeps transparency (the server keeps only a GIF's first frame, as PNG, anyway).
 */
export function scaledType(pickedType: string): 'image/jpeg' | 'image/webp' | 'image/png' {
  const type = pickedType.toLowerCase()
  if (type === 'image/webp') return 'image/webp'
  if (type === 'image/png' || type === 'image/gif') return 'image/png'
  return 'image/jpeg'
}
