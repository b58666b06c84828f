// The images the server takes (decision 024) and the size it stores them at, shared by the upload route and the photo pickers.
// The values live in lib so lib's picked-photo rules need nothing from the contract (lib imports only lib).
import { LIMITS } from './limits.ts'

export { IMAGE_MAX_SIDE, IMAGE_TYPES } from '../lib/image-formats.ts'

/** The upload route's refusals (and the body bound's, which answers before the route reads a byte). */
export const IMAGE_MESSAGES = {
  missingFile: 'Please choose an image file (form field "file").',
  tooLarge: `Image is too large (at most ${LIMITS.imageBytesMax / 1024 / 1024} MB).`,
  notAnImage: 'Only JPEG, PNG, WebP and GIF images are accepted.',
  tooManyPixels: `Image dimensions are too large (at most ${LIMITS.imagePixelsMax / 1_000_000} megapixels).`,
  unreadable: 'The image could not be read.',
  quota: `Storage quota exceeded: you can keep up to ${LIMITS.storageQuotaBytes / 1024 / 1024} MB of images. Delete some images first.`,
} as const
