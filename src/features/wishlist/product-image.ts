// Owns the product image picker's rules: images only, and which picture the preview shows.

export const IMAGE_ONLY_MESSAGE = 'Please choose an image file.'

/** The picker's accept="image/*" is only a hint (drag and drop and some pickers ignore it), so the type is checked. */
export function isImageFile(file: Pick<Blob, 'type'>): boolean {
  return /^image\//i.test(file.type)
}

export type PreviewSource = { kind: 'blob'; blob: Blob } | { kind: 'url'; url: string } | null

/**
 * What the preview shows, freshest first: a file just picked for a new item, an image picked earlier that is
 * still waiting to upload, then the stored image address.
 */
export function previewSource(input: { pickedBlob: Blob | null; pendingBlob: Blob | undefined; imageUrl: string | null }): PreviewSource {
  if (input.pickedBlob) return { kind: 'blob', blob: input.pickedBlob }
  if (input.pendingBlob) return { kind: 'blob', blob: input.pendingBlob }
  if (input.imageUrl) return { kind: 'url', url: input.imageUrl }
  return null
}
