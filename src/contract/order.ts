// The print-on-demand calls (spec sections 3 and 7): catalog, countries, shipping, draft orders, and the owner's orders.
import * as v from 'valibot'
import { noControlCharacters } from './text.ts'

export const ORDER_LIMITS = {
  quantityMin: 1,
  quantityMax: 100,
  linesMax: 20,
  nameMax: 100,
  addressMax: 200,
  cityMax: 100,
  zipMax: 20,
} as const

export const ORDER_MESSAGES = {
  name: 'Recipient name is required.',
  address1: 'Address is required.',
  city: 'City is required.',
  country: 'Country is required.',
  state: 'State is required for this country.',
  zip: 'ZIP is required.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  quantity: `Quantity must be a whole number from ${ORDER_LIMITS.quantityMin} to ${ORDER_LIMITS.quantityMax}.`,
  variant: 'Choose a size (variant) for every line.',
  items: `An order has 1 to ${ORDER_LIMITS.linesMax} lines.`,
  shipping: 'Choose a shipping rate.',
  unknownVariant: (id: number) => `Unknown variant ${id}: it is not in the catalog.`,
  unknownCountry: 'Unknown country.',
  unknownState: 'Unknown state for this country.',
  unknownRate: 'That shipping rate is not offered for this address any more. Calculate shipping again.',
} as const

/** Printful requires a state for these countries (print-provider.md); the Order tab shows a state selector for them. */
export const STATE_REQUIRED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'JP'])

/** Countries without postal codes, where an empty ZIP is what the provider expects. */
export const NO_ZIP_COUNTRIES: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'DJ', 'DM', 'ER', 'FJ',
  'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'KI', 'KM', 'KN', 'KP', 'LC', 'ML', 'MO', 'MR', 'MS', 'NR', 'NU', 'QA', 'RW', 'SB',
  'SC', 'SL', 'SR', 'ST', 'SY', 'TG', 'TK', 'TL', 'TO', 'TT', 'TV', 'UG', 'VU', 'YE', 'ZW',
])

/** A missing field reads as empty, so its answer names the field rather than the object around it. */
const text = (message: string, field: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.minLength(1, message), noControlCharacters(field), v.maxLength(max, ORDER_MESSAGES.tooLong(field, max)))

export const RecipientSchema = v.pipe(
  v.object(
    {
      name: text(ORDER_MESSAGES.name, 'Recipient name', ORDER_LIMITS.nameMax),
      address1: text(ORDER_MESSAGES.address1, 'Address', ORDER_LIMITS.addressMax),
      city: text(ORDER_MESSAGES.city, 'City', ORDER_LIMITS.cityMax),
      country_code: v.pipe(v.optional(v.string(ORDER_MESSAGES.country), ''), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, ORDER_MESSAGES.country)),
      state_code: v.optional(v.pipe(v.string(ORDER_MESSAGES.state), v.trim(), v.toUpperCase(), noControlCharacters('State'), v.maxLength(10, ORDER_MESSAGES.unknownState)), ''),
      zip: v.optional(v.pipe(v.string(ORDER_MESSAGES.zip), v.trim(), noControlCharacters('ZIP'), v.maxLength(ORDER_LIMITS.zipMax, ORDER_MESSAGES.tooLong('ZIP', ORDER_LIMITS.zipMax))), ''),
    },
    ORDER_MESSAGES.name,
  ),
  v.check((r) => !STATE_REQUIRED_COUNTRIES.has(r.country_code) || r.state_code !== '', ORDER_MESSAGES.state),
  v.check((r) => NO_ZIP_COUNTRIES.has(r.country_code) || r.zip !== '', ORDER_MESSAGES.zip),
)
export type Recipient = v.InferOutput<typeof RecipientSchema>

export const OrderLineInputSchema = v.object({
  variant_id: v.pipe(v.number(ORDER_MESSAGES.variant), v.integer(ORDER_MESSAGES.variant), v.minValue(1, ORDER_MESSAGES.variant)),
  quantity: v.pipe(
    v.number(ORDER_MESSAGES.quantity),
    v.integer(ORDER_MESSAGES.quantity),
    v.minValue(ORDER_LIMITS.quantityMin, ORDER_MESSAGES.quantity),
    v.maxValue(ORDER_LIMITS.quantityMax, ORDER_MESSAGES.quantity),
  ),
})

const lines = v.pipe(
  v.optional(v.array(OrderLineInputSchema, ORDER_MESSAGES.items), []),
  v.minLength(1, ORDER_MESSAGES.items),
  v.maxLength(ORDER_LIMITS.linesMax, ORDER_MESSAGES.items),
)

const BODY_MESSAGE = 'The body must be a JSON object with recipient and items.'

export const ShippingRequestSchema = v.object({ recipient: v.optional(RecipientSchema, {}), items: lines }, BODY_MESSAGE)

export const OrderRequestSchema = v.object(
  {
    recipient: v.optional(RecipientSchema, {}),
    shipping: v.pipe(v.optional(v.string(ORDER_MESSAGES.shipping), ''), v.trim(), v.minLength(1, ORDER_MESSAGES.shipping), noControlCharacters('Shipping'), v.maxLength(100, ORDER_MESSAGES.shipping)),
    items: lines,
  },
  BODY_MESSAGE,
)
export type OrderRequest = v.InferOutput<typeof OrderRequestSchema>

export const CatalogVariantSchema = v.object({
  id: v.number(),
  variant_id: v.number(),
  size: v.string(),
  /** Decimal string as the provider sends it ("24.50"). */
  price: v.string(),
  currency: v.string(),
})
export type CatalogVariant = v.InferOutput<typeof CatalogVariantSchema>

export const CatalogProductSchema = v.object({
  id: v.number(),
  name: v.string(),
  thumbnail_url: v.nullable(v.string()),
  sync_variants: v.array(CatalogVariantSchema),
})
export type CatalogProduct = v.InferOutput<typeof CatalogProductSchema>

/** `demo`: the built-in catalog; its orders are stored but never printed. */
export const CatalogAnswerSchema = v.object({ result: v.array(CatalogProductSchema), demo: v.boolean() })

export const CountrySchema = v.object({
  code: v.string(),
  name: v.string(),
  states: v.nullable(v.array(v.object({ code: v.string(), name: v.string() }))),
})
export type Country = v.InferOutput<typeof CountrySchema>
export const CountriesAnswerSchema = v.object({ result: v.array(CountrySchema) })

export const ShippingRateSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Decimal string as the provider sends it ("4.99"). */
  rate: v.string(),
  currency: v.string(),
})
export type ShippingRate = v.InferOutput<typeof ShippingRateSchema>
export const ShippingAnswerSchema = v.object({ result: v.array(ShippingRateSchema) })

/**
 * Where the code sits on the shirt's front, in Printful's print-area units (150 DPI, 12 x 16 inch area): 4 inches
 * (about 10 cm) wide, centred on the chest, as print-provider.md asks for a scannable chest print. The Order tab's
 * preview draws it at this size (docs/decisions/093-print-file-and-placement.md).
 */
export const PRINT_POSITION = { area_width: 1800, area_height: 2400, width: 600, height: 600, top: 300, left: 600 } as const
export const PRINT_WIDTH_CM = 10.2

export const OrderLineSchema = v.object({
  variantId: v.number(),
  syncVariantId: v.nullable(v.number()),
  productName: v.string(),
  size: v.string(),
  quantity: v.number(),
  unitPriceCents: v.number(),
})

/** An owner's order as stored (GET /api/orders, the change feed, the answer of POST /api/public/printful/orders). */
export const OrderSchema = v.object({
  id: v.string(),
  provider: v.picklist(['printful', 'demo']),
  providerOrderId: v.string(),
  externalId: v.string(),
  status: v.string(),
  recipient: v.object({
    name: v.string(),
    address1: v.string(),
    city: v.string(),
    country_code: v.string(),
    state_code: v.string(),
    zip: v.string(),
  }),
  lines: v.array(OrderLineSchema),
  shippingRateId: v.string(),
  shippingName: v.string(),
  subtotalCents: v.number(),
  shippingCents: v.number(),
  totalCents: v.number(),
  currency: v.string(),
  trackingNumber: v.nullable(v.string()),
  trackingUrl: v.nullable(v.string()),
  carrier: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type Order = v.InferOutput<typeof OrderSchema>
