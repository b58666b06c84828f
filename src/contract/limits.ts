// Upper bounds the spec leaves open (docs/decisions/002-input-limits.md); the lower bounds are the spec's own.
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 40,
  emailMax: 254,
  passwordMin: 8,
  passwordChangeMin: 6,
  passwordMax: 256,
  productNameMin: 2,
  productNameMax: 200,
  brandMax: 100,
  productDescriptionMin: 10,
  productDescriptionMax: 2000,
  priceMax: 1_000_000,
  profileDescriptionMax: 2000,
  customTextMax: 5000,
  contactInfoMax: 500,
  socialLinksMax: 30,
  platformMax: 40,
  imageBytesMax: 10 * 1024 * 1024,
  imagePixelsMax: 40_000_000,
  storageQuotaBytes: 100 * 1024 * 1024,
  syncPushMax: 100,
  /** Items per wishlist: keeps a public profile (read on every scan) to a bounded size (decision 020). */
  wishlistItemsMax: 200,
} as const

/**
 * Widths the server re-encodes an upload to for `GET /api/uploads/{id}?w=…` (WebP), so a phone fetches a photo sized
 * for its card instead of the stored original (up to 1600 px). Only these, so nobody can make the server resize at will.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 720, 960] as const
