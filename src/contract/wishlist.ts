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
  priceAmbiguous: 'Price is unclear: write it without a thousands separator (1299), or with its cents (1299.00 or 1.299,00).',
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

/**
 * The fields an owner edits on an item, each spelled once: how a payload is checked (`input`) and how the item shows
 * it to owners and visitors (`shown`). The payloads, the product form, the local and server writes, the item view and
 * the export are built from this table; tests/api/item-fields.test.ts fails when one of them disagrees. The stored
 * image (`storedImageId`, `removeStoredImage`) is not here: replacing and deleting an image follow rules of their own.
 */
const ITEM_FIELDS = {
  name: { input: name, shown: v.string() },
  brand: { input: brand, shown: v.string() },
  description: { input: description, shown: v.string() },
  price: { input: PriceSchema, shown: v.number() },
  imageUrl: { input: ImageUrlSchema, shown: v.nullable(v.string()) },
  productUrl: { input: ProductUrlSchema, shown: v.nullable(v.string()) },
}
type ItemFieldTable = typeof ITEM_FIELDS
export type ItemFieldName = keyof ItemFieldTable

function column<P extends 'input' | 'shown'>(part: P) {
  return Object.fromEntries(Object.entries(ITEM_FIELDS).map(([key, field]) => [key, field[part]])) as { [K in ItemFieldName]: ItemFieldTable[K][P] }
}

export const ITEM_FIELD_NAMES = Object.keys(ITEM_FIELDS) as ItemFieldName[]
/** Addresses: optional in a create, '' means none, and a row stores and shows none as null. */
export const ITEM_ADDRESS_FIELDS = ['imageUrl', 'productUrl'] as const satisfies readonly ItemFieldName[]
export type ItemAddressField = (typeof ITEM_ADDRESS_FIELDS)[number]
/** Filled by an upload or a link preview, never typed into the product form. */
const NOT_TYPED = ['imageUrl'] as const satisfies readonly ItemFieldName[]

const ItemFieldsSchema = v.object(column('input'))
const ItemCreateFieldsSchema = v.object({
  ...v.omit(ItemFieldsSchema, ITEM_ADDRESS_FIELDS).entries,
  ...v.partial(v.pick(ItemFieldsSchema, ITEM_ADDRESS_FIELDS)).entries,
})

type ItemCreateFields = v.InferOutput<typeof ItemCreateFieldsSchema>
type ItemUpdateFields = v.InferOutput<typeof ItemFieldsSchema>
/** An item's editable fields as the local writes take them; `storedImageId`: an image the server already holds. */
export type ItemFields = ItemCreateFields & { storedImageId?: string }
const ItemFieldsShownSchema = v.object(column('shown'))
/** The editable fields as a row stores them and the item shows them. */
export type StoredItemFields = v.InferOutput<typeof ItemFieldsShownSchema>
const isAddress = (key: string): key is ItemAddressField => (ITEM_ADDRESS_FIELDS as readonly string[]).includes(key)

/**
 * Editable fields as a row stores them and the item shows them (an empty address is null). `every`: each field (an
 * address left out is null), for a create or a row read back; `given`: only the fields the payload carries, for an
 * update, so the others keep their stored values.
 */
export function storedItemFields(input: ItemCreateFields | StoredItemFields, mode: 'every'): StoredItemFields
export function storedItemFields(input: Partial<ItemUpdateFields>, mode: 'given'): Partial<StoredItemFields>
export function storedItemFields(input: Partial<Record<ItemFieldName, unknown>>, mode: 'every' | 'given'): Partial<StoredItemFields> {
  const stored: Record<string, unknown> = {}
  for (const key of ITEM_FIELD_NAMES) {
    const value = input[key]
    if (value === undefined && mode === 'given') continue
    stored[key] = isAddress(key) ? value || null : value
  }
  return stored as Partial<StoredItemFields>
}

/** A stored value as a payload carries it ('' for an address the row has none of), to compare an edit with. */
export function itemPayloadValue(stored: StoredItemFields, key: ItemFieldName): unknown {
  return isAddress(key) ? (stored[key] ?? '') : stored[key]
}

/** POST /api/wishlist-items/profile/{profileId}; `id` lets an offline client create exactly once. */
export const ItemCreateSchema = v.object({
  id: v.optional(uuid),
  ...ItemCreateFieldsSchema.entries,
  storedImageId: v.optional(v.nullable(uuid)),
})

/** PUT /api/wishlist-items/{id}: some of the editable fields, or {storedImageId}, or {removeStoredImage: true}. */
export const ItemUpdateSchema = v.pipe(
  v.object({
    ...v.partial(ItemFieldsSchema).entries,
    storedImageId: v.optional(v.nullable(uuid)),
    removeStoredImage: v.optional(v.literal(true)),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), ITEM_MESSAGES.emptyUpdate),
)

/** The fields the product form types (`price` arrives as text or number; `candidate` in product-form-values.ts). */
export const ProductFormSchema = v.omit(ItemCreateFieldsSchema, NOT_TYPED)
export type ProductFormField = keyof typeof ProductFormSchema.entries
export const PRODUCT_FORM_FIELDS = Object.keys(ProductFormSchema.entries) as ProductFormField[]

export const WishlistItemSchema = v.object({
  id: v.string(),
  ...ItemFieldsShownSchema.entries,
  isPurchased: v.boolean(),
  purchaseStatus: v.nullable(v.string()),
  purchasedPrice: v.nullable(v.number()),
  storedImageId: v.nullable(v.string()),
})
export type WishlistItem = v.InferOutput<typeof WishlistItemSchema>
