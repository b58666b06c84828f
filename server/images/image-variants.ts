// Owns the smaller copies of an upload that the visitor's cards ask for (?w=480|720|960): re-encoded as WebP from the
// stored bytes on first request and kept in a bounded memory cache; an id's bytes never change, so neither do these.
import sharp from 'sharp'
import { IMAGE_VARIANT_WIDTHS } from '../../src/contract/limits.ts'
import { ApiError } from '../http/http.ts'
import { imageWork } from './image-work.ts'

export type VariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number]
export type ImageVariant = { bytes: Uint8Array; contentType: string }

const MAX_CACHED = 300
const cache = new Map<string, ImageVariant>()
// A crowd opening a new profile asks for the same cold variant many times at once; it is encoded once.
const encoding = new Map<string, Promise<ImageVariant>>()

export const VARIANT_WIDTH_MESSAGE = `Image width must be one of ${IMAGE_VARIANT_WIDTHS.join(', ')}`

/** The requested width, or null for the original; any other value is a 400 with a clear message. */
export function parseVariantWidth(raw: string | undefined): VariantWidth | null {
  if (raw === undefined) return null
  const width = IMAGE_VARIANT_WIDTHS.find((allowed) => String(allowed) === raw)
  if (width === undefined) throw new ApiError(400, VARIANT_WIDTH_MESSAGE)
  return width
}

/** The variant, encoded through `imageWork`; rejects with ImageBusyError when that gate's queue is full. */
export function imageVariant(id: string, original: Uint8Array, width: VariantWidth): Promise<ImageVariant> {
  const key = `${id}:${width}`
  const known = cache.get(key)
  if (known) return Promise.resolve(known)
  const running = encoding.get(key)
  if (running) return running
  const job = imageWork
    .run(async () => {
      // The stored bytes were already checked and re-encoded at upload; never enlarged, so a small original stays small.
      const data = await sharp(original, { failOn: 'error' }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer()
      return { bytes: new Uint8Array(data), contentType: 'image/webp' }
    })
    .then((variant) => {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? '')
      cache.set(key, variant)
      return variant
    })
    .finally(() => encoding.delete(key))
  encoding.set(key, job)
  return job
}
