// Owns the product form's values: from a stored item, their checks (spec section 5), and the fields a write takes.
import * as v from 'valibot'
import { ProductFormSchema } from '../../contract/wishlist.ts'
import type { LocalItem } from '../../local/db.ts'
import { changedFields } from '../../local/outbox-rules.ts'
import { LocalStorageFullError, ProfileNotLoadedError } from '../../local/write-errors.ts'
import type { ItemFields } from '../../local/writes.ts'

/** NumberInput hands over a number, or '' while the field is empty. `productUrl` is the 'Product link' (issue 28). */
export type ProductFormValues = { name: string; brand: string; price: number | string; description: string; productUrl?: string }

export type ProductFormField = keyof ProductFormValues
export type ProductFormErrors = Partial<Record<ProductFormField, string>>

export const EMPTY_PRODUCT_FORM: ProductFormValues = { name: '', brand: '', price: '', description: '' }

export function toProductFormValues(
  item: (Pick<LocalItem, 'name' | 'brand' | 'price' | 'description'> & { productUrl?: string | null }) | undefined,
): ProductFormValues {
  if (!item) return EMPTY_PRODUCT_FORM
  const values: ProductFormValues = { name: item.name, brand: item.brand, price: item.price, description: item.description }
  if (item.productUrl) values.productUrl = item.productUrl
  return values
}

function candidate(values: ProductFormValues) {
  // A numeric text (NumberInput gives one for very long inputs) is still a price; '' stays '' and fails as one.
  const price = typeof values.price === 'string' && values.price.trim() !== '' ? Number(values.price) : values.price
  return { name: values.name, brand: values.brand, description: values.description, price, ...(values.productUrl !== undefined && { productUrl: values.productUrl }) }
}

/** The first message per field, as the form shows it under that field; empty when everything passes. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const result = v.safeParse(ProductFormSchema, candidate(values))
  if (result.success) return {}
  const nested = v.flatten<typeof ProductFormSchema>(result.issues).nested ?? {}
  const errors: ProductFormErrors = {}
  for (const field of ['name', 'brand', 'price', 'description', 'productUrl'] as const) {
    const message = nested[field]?.[0]
    if (message) errors[field] = message
  }
  return errors
}

/** The trimmed fields the local writes take; throws the form's message when a value does not pass. */
export function toItemFields(values: ProductFormValues): ItemFields {
  const parsed = v.parse(ProductFormSchema, candidate(values))
  return {
    name: parsed.name,
    brand: parsed.brand,
    price: parsed.price,
    description: parsed.description,
    ...(parsed.productUrl !== undefined && { productUrl: parsed.productUrl }),
  }
}

/**
 * What Save sends for an existing item: only the fields the owner changed since the form opened (decision 083), so
 * another device's edit of the others is not overwritten with the values this form happened to show.
 */
export function editedItemFields(opened: ProductFormValues, values: ProductFormValues): Partial<ItemFields> {
  const before = candidate(opened)
  const link = before.productUrl === undefined ? undefined : v.safeParse(ProductFormSchema.entries.productUrl, before.productUrl)
  const trimmed = {
    name: before.name.trim(),
    brand: before.brand.trim(),
    description: before.description.trim(),
    price: before.price,
    ...(link?.success && { productUrl: link.output }),
  }
  return changedFields<ItemFields>(trimmed, toItemFields(values))
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
