// Scales a large picked photo down in the browser before it is queued, so a phone uploads about 1600 px, not 4000.
import { IMAGE_FORMAT_MESSAGE, IMAGE_UNREADABLE_MESSAGE, isAcceptedImage, scaledSize, scaledType } from './picked-photo.ts'

/** Encoder quality for JPEG and WebP: the server re-encodes at 82 anyway (decision 024). */
const QUALITY = 0.88

type Surface = { canvas: OffscreenCanvas | HTMLCanvasElement; context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D }

function surface(width: number, height: number): Surface | undefined {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    return context ? { canvas, context } : undefined
  }
  if (typeof document === 'undefined') return undefined
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  return context ? { canvas, context } : undefined
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: QUALITY })
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY))
}

/**
 * The photo with its long side at most `maxSide` (EXIF orientation applied, metadata dropped), or the picked file
 * itself when it already fits or the browser cannot encode it (or has no decoder at all): the server then judges the
 * original. Null when the browser's decoder refuses the bytes: no preview could show it and the server would refuse it.
 */
export async function downscalePhoto(file: Blob, maxSide: number): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch (failure) {
    // Only the decoder's refusal means "no image" (InvalidStateError, EncodingError). An engine that does not know the
    // option throws a TypeError, and a phone short of memory other errors: the server then judges the original.
    if (failure instanceof DOMException && (failure.name === 'InvalidStateError' || failure.name === 'EncodingError')) return null
    return file
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height, maxSide)
    if (!size) return file
    const target = surface(size.width, size.height)
    if (!target) return file
    const type = scaledType(file.type)
    target.context.imageSmoothingEnabled = true
    target.context.imageSmoothingQuality = 'high'
    target.context.drawImage(bitmap, 0, 0, size.width, size.height)
    const scaled = await encode(target.canvas, type).catch(() => null)
    // A browser without a WebP encoder answers PNG, which can be larger than the photo: keep whichever is smaller.
    return scaled && scaled.size > 0 && (scaled.type === type || scaled.size < file.size) ? scaled : file
  } finally {
    bitmap.close()
  }
}

export type PreparedPhoto = { ok: true; photo: Blob } | { ok: false; message: string }

/** What both pickers do with a pick: refuse a format the server does not take or bytes that are no image, scale a large photo down. */
export async function preparePickedPhoto(file: Blob, maxSide: number): Promise<PreparedPhoto> {
  if (!isAcceptedImage(file)) return { ok: false, message: IMAGE_FORMAT_MESSAGE }
  const photo = await downscalePhoto(file, maxSide)
  return photo ? { ok: true, photo } : { ok: false, message: IMAGE_UNREADABLE_MESSAGE }
}
