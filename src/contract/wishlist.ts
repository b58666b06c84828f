// Wishlist items and their payloads (spec sections 3, 5 and 7), with the product form's validation messages.
import * as v from 'valibot'
import { noControlCharacters } from './text.ts'
import { normalizeUrl, WEB_SCHEMES } from '../lib/safe-url.ts'
import { LIMITS } from './limits.ts'

export const ITEM_MESSAGES = {
  name: 'Product name must be at least 2 characters.',
  nameMax: `Product name must be at most ${LIMITS.productNameMax} characters.`,
  description: 'Description must be at least 10 characters.',
  descriptionMax: `Description must be at most ${LIMITS.productDescriptionMax} characters.`,
  price: 'Price must be a positive number.',
  priceDecimals: 'Price can have at most 2 decimals.',
  priceMax: `Price must be at most ${LIMITS.priceMax.toLocaleString('en-US')}.`,
  imageUrl: 'Please enter a valid URL for the image.',
  imageUrlShape: 'Must be a valid URL or start with /api/',
  imageUrlExternal: 'Images from other sites are not accepted. Upload the image, or use Fill from link to copy it from the shop.',
  productUrl: 'Please enter a valid product link (https://...).',
  brand: 'Brand is required.',
  brandMax: `Brand must be at most ${LIMITS.brandMax} characters.`,
  id: 'Invalid id',
  emptyUpdate: 'Nothing to update',
  tooManyItems: `A wishlist can hold at most ${LIMITS.wishlistItemsMax} items.`,
} as const

const name = v.pipe(
  v.string(ITEM_MESSAGES.name),
  v.trim(),
  noControlCharacters('Product name'),
  v.minLength(LIMITS.productNameMin, ITEM_MESSAGES.name),
  v.maxLength(LIMITS.productNameMax, ITEM_MESSAGES.nameMax),
)
const description = v.pipe(
  v.string(ITEM_MESSAGES.description),
  v.trim(),
  noControlCharacters('Description', { multiLine: true }),
  v.minLength(LIMITS.productDescriptionMin, ITEM_MESSAGES.description),
  v.maxLength(LIMITS.productDescriptionMax, ITEM_MESSAGES.descriptionMax),
)
const brand = v.pipe(
  v.string(ITEM_MESSAGES.brand),
  v.trim(),
  noControlCharacters('Brand'),
  v.minLength(1, ITEM_MESSAGES.brand),
  v.maxLength(LIMITS.brandMax, ITEM_MESSAGES.brandMax),
)
/** Euro amount: a finite number >= 0 with at most two decimals. */
export const PriceSchema = v.pipe(
  v.number(ITEM_MESSAGES.price),
  v.finite(ITEM_MESSAGES.price),
  v.minValue(0, ITEM_MESSAGES.price),
  v.maxValue(LIMITS.priceMax, ITEM_MESSAGES.priceMax),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, ITEM_MESSAGES.priceDecimals),
)
const uuid = v.pipe(v.string(ITEM_MESSAGES.id), v.uuid(ITEM_MESSAGES.id))

/** An image address: one of ours under /api/uploads/. Another site's address is refused (issue 28: it would track visitors). */
export const ImageUrlSchema = v.pipe(
  v.string(ITEM_MESSAGES.imageUrl),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return ''
    if (/^\/api\/uploads\/[A-Za-z0-9_-]+$/.test(dataset.value)) return dataset.value
    const checked = normalizeUrl(dataset.value, WEB_SCHEMES)
    if (!checked.ok || !/^https?:\/\//i.test(dataset.value)) {
      addIssue({ message: ITEM_MESSAGES.imageUrlShape })
      return NEVER
    }
    addIssue({ message: ITEM_MESSAGES.imageUrlExternal })
    return NEVER
  }),
)

export const ProductUrlSchema = v.pipe(
  v.string(ITEM_MESSAGES.productUrl),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return ''
    const checked = normalizeUrl(dataset.value, WEB_SCHEMES)
    // https only; plain http only to this machine (a shop run for tests, like OIDC_ISSUER's rule in server/config.ts).
    if (!checked.ok || !(checked.url.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(checked.url))) {
      addIssue({ message: ITEM_MESSAGES.productUrl })
      return NEVER
    }
    return checked.url
  }),
)

/** POST /api/wishlist-items/profile/{profileId}; `id` lets an offline client create exactly once. */
export const ItemCreateSchema = v.object({
  id: v.optional(uuid),
  name,
  description,
  price: PriceSchema,
  brand,
  storedImageId: v.optional(v.nullable(uuid)),
  imageUrl: v.optional(ImageUrlSchema),
  productUrl: v.optional(ProductUrlSchema),
})

/** PUT /api/wishlist-items/{id}: {name, description, price, brand}, or {storedImageId}, or {removeStoredImage: true}. */
export const ItemUpdateSchema = v.pipe(
  v.object({
    name: v.optional(name),
    description: v.optional(description),
    price: v.optional(PriceSchema),
    brand: v.optional(brand),
    storedImageId: v.optional(v.nullable(uuid)),
    removeStoredImage: v.optional(v.literal(true)),
    imageUrl: v.optional(ImageUrlSchema),
    productUrl: v.optional(ProductUrlSchema),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), ITEM_MESSAGES.emptyUpdate),
)

/** Product form fields as typed in the browser (price arrives as text or number). */
export const ProductFormSchema = v.object({
  name,
  brand,
  description,
  price: PriceSchema,
  productUrl: v.optional(ProductUrlSchema),
})

export const WishlistItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  brand: v.string(),
  description: v.string(),
  imageUrl: v.nullable(v.string()),
  productUrl: v.nullable(v.string()),
  price: v.number(),
  isPurchased: v.boolean(),
  purchaseStatus: v.nullable(v.string()),
  purchasedPrice: v.nullable(v.number()),
  storedImageId: v.nullable(v.string()),
})
export type WishlistItem = v.InferOutput<typeof WishlistItemSchema>
