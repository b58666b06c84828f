// Owns the product form's call for a link preview (POST /api/link-previews) and the message an owner sees when it fails.
import * as v from 'valibot'
import { ApiError, apiCall } from '../../api/client.ts'
import { apiPaths } from '../../contract/api-paths.ts'
import { LINK_PREVIEW_MESSAGES } from '../../contract/link-preview.ts'

const LinkPreviewSchema = v.object({
  name: v.optional(v.string()),
  brand: v.optional(v.string()),
  description: v.optional(v.string()),
  price: v.optional(v.number()),
  currency: v.optional(v.string()),
  imageId: v.optional(v.string()),
  productUrl: v.optional(v.string()),
})
export type LinkPreviewAnswer = v.InferOutput<typeof LinkPreviewSchema>

export type PreviewResult = { ok: true; preview: LinkPreviewAnswer } | { ok: false; message: string }

export async function fetchLinkPreview(url: string): Promise<PreviewResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, message: LINK_PREVIEW_MESSAGES.offline }
  try {
    const path = apiPaths.linkPreviews.replace(/^\/api/, '')
    return { ok: true, preview: await apiCall(LinkPreviewSchema, path, { method: 'POST', body: { url } }) }
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return { ok: false, message: error.message }
    // No answer at all: the network went away between the check and the call.
    return { ok: false, message: LINK_PREVIEW_MESSAGES.offline }
  }
}
