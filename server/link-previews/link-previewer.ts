// Turns a product link into a preview for one owner: the page through the safe fetcher, its fields parsed, its image
// fetched the same way and stored as the owner's upload. Pages (and their cleaned image) are kept per URL for an hour.
import { IMAGE_MAX_SIDE } from '../../src/contract/images.ts'
import { LINK_PREVIEW_MESSAGES, type LinkPreview } from '../../src/contract/link-preview.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/http.ts'
import { processImage, type ProcessedImage } from '../images/image-processing.ts'
import { assertOwnImage, storeImage } from '../images/image-store.ts'
import { type FetchKind, type Fetched, OutboundError, type OutboundOptions, safeFetch } from '../outbound/safe-fetch.ts'
import { type PageProduct, parseProductPage } from './parse-product.ts'

export const PREVIEW_CACHE_MS = 60 * 60 * 1000
const CACHE_ENTRIES_MAX = 500

export type Fetcher = (url: string, kind: FetchKind, options: OutboundOptions) => Promise<Fetched>

type CachedPage = { expiresAt: number; product: PageProduct; image: ProcessedImage | undefined }

/** The message an owner sees when the page could not be read. */
export function previewFailure(error: OutboundError): ApiError {
  switch (error.reason) {
    case 'scheme':
    case 'credentials':
    case 'port':
    case 'address':
      return new ApiError(422, LINK_PREVIEW_MESSAGES.refused)
    case 'timeout':
      return new ApiError(504, LINK_PREVIEW_MESSAGES.timeout)
    case 'too-large':
      return new ApiError(422, LINK_PREVIEW_MESSAGES.tooLarge)
    case 'type':
      return new ApiError(422, LINK_PREVIEW_MESSAGES.notAPage)
    case 'redirects':
      return new ApiError(422, LINK_PREVIEW_MESSAGES.redirects)
    case 'status':
      return new ApiError(502, LINK_PREVIEW_MESSAGES.shopRefused(error.status ?? 0))
    case 'network':
      return new ApiError(502, LINK_PREVIEW_MESSAGES.unreachable)
  }
}

export class LinkPreviewer {
  private readonly pages = new Map<string, CachedPage>()
  /** The image already stored for an owner from a URL, so asking twice within the hour does not store it twice. */
  private readonly stored = new Map<string, { expiresAt: number; imageId: string }>()

  constructor(
    private readonly options: OutboundOptions,
    private readonly now: () => number = Date.now,
    private readonly fetcher: Fetcher = safeFetch,
  ) {}

  async preview(db: Db, userId: string, url: string, quotaBytes: number): Promise<LinkPreview> {
    const page = await this.page(url)
    const { product } = page
    const answer: LinkPreview = { productUrl: url }
    if (product.name) answer.name = product.name
    if (product.brand) answer.brand = product.brand
    if (product.description) answer.description = product.description
    if (product.price !== undefined) answer.price = product.price
    if (product.currency && product.price !== undefined) answer.currency = product.currency
    if (page.image) {
      const imageId = await this.storeFor(db, userId, url, page.image, quotaBytes)
      if (imageId) answer.imageId = imageId
    }
    if (!answer.name && !answer.description && answer.price === undefined && !answer.imageId) {
      throw new ApiError(422, LINK_PREVIEW_MESSAGES.nothingFound)
    }
    return answer
  }

  private async page(url: string): Promise<CachedPage> {
    const cached = this.pages.get(url)
    if (cached && cached.expiresAt > this.now()) return cached
    let fetched: Fetched
    try {
      fetched = await this.fetcher(url, 'html', this.options)
    } catch (error) {
      if (error instanceof OutboundError) throw previewFailure(error)
      throw error
    }
    const product = parseProductPage(new TextDecoder().decode(fetched.body), fetched.url)
    const image = product.image ? await this.image(product.image) : undefined
    const entry = { expiresAt: this.now() + PREVIEW_CACHE_MS, product, image }
    if (this.pages.size >= CACHE_ENTRIES_MAX) this.pages.delete(this.pages.keys().next().value as string)
    this.pages.set(url, entry)
    return entry
  }

  /** The page's image made ours by the upload's rules; one that cannot be fetched or read leaves the preview without. */
  private async image(imageUrl: string): Promise<ProcessedImage | undefined> {
    try {
      const fetched = await this.fetcher(imageUrl, 'image', this.options)
      return await processImage(new Uint8Array(fetched.body), IMAGE_MAX_SIDE.product)
    } catch (error) {
      if (error instanceof OutboundError || error instanceof ApiError) return undefined
      throw error
    }
  }

  private async storeFor(db: Db, userId: string, url: string, image: ProcessedImage, quotaBytes: number): Promise<string | undefined> {
    const key = `${userId}\u0000${url}`
    const known = this.stored.get(key)
    if (known && known.expiresAt > this.now()) {
      const stillThere = await assertOwnImage(db, userId, known.imageId).then(
        () => true,
        () => false,
      )
      if (stillThere) return known.imageId
    }
    try {
      const imageId = await storeImage(db, userId, image, quotaBytes)
      if (this.stored.size >= CACHE_ENTRIES_MAX) this.stored.delete(this.stored.keys().next().value as string)
      this.stored.set(key, { expiresAt: this.now() + PREVIEW_CACHE_MS, imageId })
      return imageId
    } catch (error) {
      // A full quota costs the picture, not the details the page gave.
      if (error instanceof ApiError && error.status === 413) return undefined
      throw error
    }
  }
}
