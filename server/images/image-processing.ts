// Turns uploaded bytes into a safe stored image: recognised by magic bytes, bounded before decoding, re-encoded clean.
import sharp from 'sharp'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { ApiError } from '../http/http.ts'
import { imageWork } from './image-work.ts'

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif'

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

/** The raster format the bytes really are, whatever name or type the client claimed; undefined for anything else. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return undefined
}

export type ProcessedImage = { bytes: Uint8Array; contentType: string; width: number; height: number }

/**
 * Checks size, format and declared dimensions (from the header only, no pixel decoding), then re-encodes: EXIF
 * orientation applied, long side capped at `maxSide`, and every piece of metadata (EXIF, GPS, XMP, ICC, comments)
 * dropped because sharp writes none unless asked to. Everything sharp does waits for a slot of `imageWork`.
 */
export async function processImage(input: Uint8Array, maxSide: number): Promise<ProcessedImage> {
  if (input.byteLength > LIMITS.imageBytesMax) throw new ApiError(413, IMAGE_MESSAGES.tooLarge)
  const format = sniffImageFormat(input)
  if (!format) throw new ApiError(415, IMAGE_MESSAGES.notAnImage)
  return imageWork.run(() => reencode(input, format, maxSide))
}

async function reencode(input: Uint8Array, format: ImageFormat, maxSide: number): Promise<ProcessedImage> {
  const options = { limitInputPixels: LIMITS.imagePixelsMax, failOn: 'error', animated: false } as const
  let declared: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    declared = await sharp(input, { ...options, limitInputPixels: false }).metadata()
  } catch {
    throw new ApiError(422, IMAGE_MESSAGES.unreadable)
  }
  // A polyglot whose magic bytes say one thing and whose body parses as another is not worth the risk.
  if (declared.format !== format) throw new ApiError(415, IMAGE_MESSAGES.notAnImage)
  const { width, height } = declared
  if (!width || !height) throw new ApiError(422, IMAGE_MESSAGES.unreadable)
  if (width * height > LIMITS.imagePixelsMax) throw new ApiError(413, IMAGE_MESSAGES.tooManyPixels)

  const pipeline = sharp(input, options).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
  // Photos stay JPEG, the rest keep their kind; an animated GIF becomes its first frame as PNG.
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 82, mozjpeg: true })
      : format === 'webp'
        ? pipeline.webp({ quality: 82 })
        : pipeline.png({ compressionLevel: 8 })
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { bytes: new Uint8Array(data), contentType: `image/${info.format}`, width: info.width, height: info.height }
  } catch {
    throw new ApiError(422, IMAGE_MESSAGES.unreadable)
  }
}
