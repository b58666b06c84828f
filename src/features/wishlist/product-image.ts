// Owns which picture the product image preview shows (the formats a pick may have live in src/lib/picked-photo.ts).

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
