// Owns the Order tab's pure rules (spec sections 4 and 5): the preselected product and variant, what a change of
// country does, what each button needs before it may call the server, and the money shown, in whole cents.
import { type CatalogProduct, type CatalogVariant, type Country, NO_ZIP_COUNTRIES, type ShippingRate, STATE_REQUIRED_COUNTRIES } from '../../contract/order.ts'
import { parseCents } from '../../lib/cents.ts'

export type RecipientDraft = { name: string; address1: string; city: string; country_code: string; state_code: string; zip: string }

export const EMPTY_RECIPIENT: RecipientDraft = { name: '', address1: '', city: '', country_code: 'DE', state_code: '', zip: '' }

/** The chosen model and size (null: the spec's preselected first one) and the quantity. */
export type CartDraft = { productId: number | null; variantId: number | null; quantity: number }

export const EMPTY_CART: CartDraft = { productId: null, variantId: null, quantity: 1 }

export const ORDER_TEXTS = {
  title: 'Order a T-Shirt',
  loading: (product: string) => `Loading ${product} catalog...`,
  loadFailed: 'Failed to load products.',
  missingInformation: 'Missing information',
  missingInformationMessage: (labels: readonly string[]) => `Fill in first: ${labels.join(', ')}.`,
  shippingNotQuoted: 'Calculate shipping first',
  totalNotQuoted: (subtotal: string) => `${subtotal} + shipping`,
  offlineNoCatalog: 'The catalog loads when you are online. Ordering, shipping quotes and the catalog need a connection.',
  missingSelection: 'Missing selection',
  missingSelectionMessage: 'Calculate shipping and choose a rate first.',
  shippingError: 'Shipping error',
  orderError: 'Order error',
  orderCreated: 'Order created',
  demo: 'Demo catalog: orders are stored here as drafts and are never sent to a printer, so nothing is printed or charged.',
  quantityFirst: 'Correct the quantity first',
  offline: 'You are offline. Ordering needs a connection: what you typed stays on this device, and the buttons come back when you are online.',
} as const

/** The spec's first product and first variant, or the ones still chosen if the catalog still has them. */
export function selection(products: CatalogProduct[], productId: number | null, variantId: number | null) {
  const product = products.find((p) => p.id === productId) ?? products[0] ?? null
  const variant = product?.sync_variants.find((v) => v.id === variantId) ?? product?.sync_variants[0] ?? null
  return { product, variant }
}

/** Changing the country clears the state code (spec section 4); nothing else changes. */
export function withCountry(recipient: RecipientDraft, countryCode: string): RecipientDraft {
  return countryCode === recipient.country_code ? recipient : { ...recipient, country_code: countryCode, state_code: '' }
}

export function statesOf(countries: Country[], code: string) {
  return countries.find((c) => c.code === code)?.states ?? null
}

export type QuoteField = 'size' | keyof RecipientDraft

const FIELD_LABELS: Record<QuoteField, string> = {
  size: 'Size',
  name: 'Full name',
  address1: 'Address',
  city: 'City',
  country_code: 'Country',
  state_code: 'State',
  zip: 'ZIP',
}

/**
 * What 'Calculate shipping' still needs, in the form's order: a size, and the recipient fields the server's
 * RecipientSchema requires for this country (the state where the country has states, the ZIP where it has ZIPs).
 * Each one is named in the 'Missing information' toast and marked on its field (issue 23).
 */
export function missingForQuote(variant: CatalogVariant | null, recipient: RecipientDraft): { field: QuoteField; label: string }[] {
  const r = recipientPayload(recipient)
  const missing: QuoteField[] = []
  if (variant === null) missing.push('size')
  if (r.name === '') missing.push('name')
  if (r.address1 === '') missing.push('address1')
  if (r.city === '') missing.push('city')
  if (r.country_code === '') missing.push('country_code')
  if (STATE_REQUIRED_COUNTRIES.has(r.country_code) && r.state_code === '') missing.push('state_code')
  if (r.country_code !== '' && !NO_ZIP_COUNTRIES.has(r.country_code) && r.zip === '') missing.push('zip')
  return missing.map((field) => ({ field, label: FIELD_LABELS[field] }))
}

/** 'Calculate shipping' needs a variant and every recipient field the server requires (spec section 5, issue 23). */
export function canQuote(variant: CatalogVariant | null, recipient: RecipientDraft): boolean {
  return missingForQuote(variant, recipient).length === 0
}

/** 'Create draft order' needs a rate and a variant (spec section 5). */
export function canOrder(variant: CatalogVariant | null, rate: ShippingRate | null): boolean {
  return variant !== null && rate !== null
}

/** Subtotal = unit price x quantity, total = subtotal + the chosen rate, all in cents. */
export function totals(variant: CatalogVariant | null, quantity: number, rate: ShippingRate | null) {
  const unitCents = variant ? (parseCents(variant.price) ?? 0) : 0
  const subtotalCents = unitCents * quantity
  const shippingCents = rate ? (parseCents(rate.rate) ?? 0) : 0
  return { unitCents, subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents, currency: variant?.currency ?? rate?.currency ?? 'EUR' }
}

/** Only the recipient fields the provider takes; the state only where the country has one. */
export function recipientPayload(recipient: RecipientDraft) {
  const trimmed = Object.fromEntries(Object.entries(recipient).map(([k, v]) => [k, v.trim()])) as RecipientDraft
  return { ...trimmed, country_code: trimmed.country_code.toUpperCase(), state_code: trimmed.state_code.toUpperCase() }
}

/** The shipping quote is for one address and one cart: changing either makes the chosen rate stale. */
export function quoteKey(variant: CatalogVariant | null, quantity: number, recipient: RecipientDraft): string {
  const r = recipientPayload(recipient)
  return JSON.stringify([variant?.variant_id ?? null, quantity, r.address1, r.city, r.country_code, r.state_code, r.zip])
}
