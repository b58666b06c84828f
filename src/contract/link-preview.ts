// The link preview (issue 28): POST /api/link-previews {url} and what it answers about the product behind the link.
import * as v from 'valibot'
import { ProductUrlSchema } from './wishlist.ts'

export const LinkPreviewRequestSchema = v.object({ url: ProductUrlSchema })

/** Fields the page did not give are left out. `price` is in `currency`; only EUR goes into the form unasked. */
export type LinkPreview = {
  name?: string
  brand?: string
  description?: string
  price?: number
  currency?: string
  /** The page's image, downloaded, re-encoded and stored as the owner's upload (GET /api/uploads/{imageId}). */
  imageId?: string
  productUrl?: string
}

export const LINK_PREVIEW_MESSAGES = {
  refused: 'This link cannot be read: only public web addresses are fetched.',
  timeout: 'The shop took too long to answer. Please type the details yourself.',
  tooLarge: 'The page is too large to read. Please type the details yourself.',
  notAPage: 'The link does not lead to a web page.',
  unreachable: 'The shop could not be reached. Please check the link or type the details yourself.',
  redirects: 'The link redirects too many times.',
  shopRefused: (status: number) => `The shop refused the request (HTTP ${status}). Please type the details yourself.`,
  nothingFound: 'No product details were found on that page. Please type them yourself.',
  offline: 'Filling from a link needs a connection. The link is still saved with the item.',
} as const
