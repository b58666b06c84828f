// Owns the product form's values: from a stored item, their checks (spec section 5), and the fields a write takes.
import * as v from 'valibot'
import { ITEM_ADDRESS_FIELDS, ITEM_MESSAGES, type ItemAddressField, type ItemFields, PRODUCT_FORM_FIELDS, ProductFormSchema, type StoredItemFields } from '../../contract/wishlist.ts'
import { type PriceProblem, readPrice } from '../../lib/price-text.ts'
import { changedFields } from '../../local/outbox-rules.ts'
import { LocalStorageFullError, ProfileNotLoadedError } from '../../local/write-errors.ts'

type FormInput = v.InferInput<typeof ProductFormSchema>
/** The price as typed (text), or a stored or previewed number. `productUrl` is the 'Product link' (issue 28). */
export type ProductFormValues = Omit<FormInput, 'price'> & { price: number | string }

export type ProductFormField = keyof ProductFormValues
export type ProductFormErrors = Partial<Record<ProductFormField, string>>

const isAddress = (field: string) => (ITEM_ADDRESS_FIELDS as readonly string[]).includes(field)

/** Every field the form must have is empty; an address the item lacks is left out. */
export const EMPTY_PRODUCT_FORM = Object.fromEntries(
  PRODUCT_FORM_FIELDS.filter((field) => !isAddress(field)).map((field) => [field, '']),
) as ProductFormValues

/** A stored item's values (an item without an address, such as a test's, may leave it out). */
export function toProductFormValues(item: (Omit<StoredItemFields, ItemAddressField> & Partial<StoredItemFields>) | undefined): ProductFormValues {
  if (!item) return EMPTY_PRODUCT_FORM
  return Object.fromEntries(PRODUCT_FORM_FIELDS.filter((field) => !isAddress(field) || item[field]).map((field) => [field, item[field]])) as ProductFormValues
}

/** What the field says under a typed price that is not one: the contract's words, never a silently changed number. */
const PRICE_PROBLEMS: Record<PriceProblem, string> = {
  empty: ITEM_MESSAGES.price,
  invalid: ITEM_MESSAGES.price,
  negative: ITEM_MESSAGES.price,
  decimals: ITEM_MESSAGES.priceDecimals,
  ambiguous: ITEM_MESSAGES.priceAmbiguous,
}

function candidate(values: ProductFormValues) {
  // Typed text is read whole ('1.299,00' is 1299); text that is no price stays text and fails the schema as one.
  const reading = typeof values.price === 'string' ? readPrice(values.price) : null
  const price = reading ? (reading.ok ? reading.value : values.price) : values.price
  const given = PRODUCT_FORM_FIELDS.filter((field) => values[field] !== undefined).map((field) => [field, values[field]])
  return { ...(Object.fromEntries(given) as ProductFormValues), price }
}

/** The first message per field, as the form shows it under that field; empty when everything passes. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const result = v.safeParse(ProductFormSchema, candidate(values))
  const nested = result.success ? {} : (v.flatten<typeof ProductFormSchema>(result.issues).nested ?? {})
  const errors: ProductFormErrors = {}
  for (const field of PRODUCT_FORM_FIELDS) {
    const message = nested[field]?.[0]
    if (message) errors[field] = message
  }
  const reading = typeof values.price === 'string' ? readPrice(values.price) : null
  if (reading && !reading.ok) errors.price = PRICE_PROBLEMS[reading.problem]
  return errors
}

/** The trimmed fields the local writes take; throws the form's message when a value does not pass. */
export function toItemFields(values: ProductFormValues): ItemFields {
  const parsed = v.parse(ProductFormSchema, candidate(values))
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as ItemFields
}

/** A value the form opened with as a write would take it: checked and trimmed, or as it was when it does not pass. */
function openedValue(field: ProductFormField, value: unknown): [ProductFormField, unknown][] {
  const checked = v.safeParse(ProductFormSchema.entries[field], value)
  if (checked.success) return [[field, checked.output]]
  // An address that does not pass is left out, so any address typed now counts as a change.
  if (isAddress(field)) return []
  return [[field, typeof value === 'string' ? value.trim() : value]]
}

/**
 * What Save sends for an existing item: only the fields the owner changed since the form opened (decision 083), so
 * another device's edit of the others is not overwritten with the values this form happened to show.
 */
export function editedItemFields(opened: ProductFormValues, values: ProductFormValues): Partial<ItemFields> {
  const before = candidate(opened)
  const trimmed = Object.fromEntries(PRODUCT_FORM_FIELDS.filter((field) => before[field] !== undefined).flatMap((field) => openedValue(field, before[field])))
  return changedFields<ItemFields>(trimmed as ItemFields, toItemFields(values))
}

export type SaveStep = 'create' | 'update' | 'image'

/**
 * The toast text of a failed save (spec section 8). Errors that tell the owner what to do (no profile yet, a
 * full disk) keep their own text; anything else gets the step's generic message.
 */
export function saveFailureMessage(step: SaveStep, error: unknown): string {
  if (error instanceof ProfileNotLoadedError || error instanceof LocalStorageFullError) return error.message
  if (step === 'create') return 'Failed to create product. Please try again.'
  if (step === 'update') return 'Failed to update product. Please try again.'
  return 'Failed to save product. Please try again.'
}

/** The product form's fields a link preview can fill (issue 28). */
export type PreviewFill = { values: Partial<ProductFormValues>; filled: ProductFormField[]; otherCurrencyPrice?: string; imageId?: string }

type PreviewAnswer = { name?: string; brand?: string; description?: string; price?: number; currency?: string; imageId?: string }

/**
 * What a preview puts into the form: only fields still empty (whatever the owner typed, or an edited item's saved
 * values, stay), a price only when in euro (another currency is shown for the owner to confirm, never converted),
 * and the image only when the form has none.
 */
export function fillFromPreview(current: ProductFormValues, preview: PreviewAnswer, hasImage: boolean): PreviewFill {
  const empty = (value: string | number | undefined) => value === undefined || String(value).trim() === ''
  const fill: PreviewFill = { values: {}, filled: [] }
  for (const field of ['name', 'brand', 'description'] as const) {
    const found = preview[field]
    if (found && empty(current[field])) {
      fill.values[field] = found
      fill.filled.push(field)
    }
  }
  if (preview.price !== undefined) {
    if (preview.currency !== 'EUR') fill.otherCurrencyPrice = `${preview.price.toFixed(2)}${preview.currency ? ` ${preview.currency}` : ''}`
    else if (empty(current.price)) {
      fill.values.price = preview.price
      fill.filled.push('price')
    }
  }
  if (preview.imageId && !hasImage) fill.imageId = preview.imageId
  return fill
}
