// The demo catalog used when no PRINTFUL_TOKEN is set: two tees in XS-3XL, the world's countries, shipping rates by
// region, and draft orders kept in this process only: nothing is sent anywhere and nothing is printed.
import { randomUUID } from 'node:crypto'
import type { CatalogProduct, ShippingRate } from '../../../src/contract/order.ts'
import { centsToDecimal, parseCents } from '../../../src/lib/cents.ts'
import { ApiError } from '../../http/http.ts'
import type { DraftOrderInput, PrintProvider, ProviderOrder } from './provider.ts'
import { regionOf, WORLD_COUNTRIES } from './world.ts'

const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const
const CURRENCY = 'EUR'

function product(id: number, name: string, firstVariantId: number, basePrice: number, bigSizeExtra: number): CatalogProduct {
  return {
    id,
    name,
    thumbnail_url: null,
    sync_variants: SIZES.map((size, index) => ({
      id: id * 100 + index + 1,
      variant_id: firstVariantId + index,
      size,
      price: centsToDecimal(basePrice + (size === '2XL' || size === '3XL' ? bigSizeExtra : 0)),
      currency: CURRENCY,
    })),
  }
}

export const DEMO_PRODUCTS: readonly CatalogProduct[] = [
  product(9001, 'Unisex Staple T-Shirt (demo)', 4011, 2450, 200),
  product(9002, 'Fitted Crew Neck T-Shirt (demo)', 8851, 2650, 250),
]

/** Cents per region: the first line's rate, and what each further shirt adds. */
const RATES = {
  europe: [
    { id: 'STANDARD', name: 'Flat Rate (3-5 business days)', first: 499, more: 150 },
    { id: 'EXPRESS', name: 'Express (1-2 business days)', first: 1299, more: 250 },
  ],
  north_america: [
    { id: 'STANDARD', name: 'Flat Rate (5-8 business days)', first: 749, more: 200 },
    { id: 'EXPRESS', name: 'Express (2-4 business days)', first: 1999, more: 300 },
  ],
  world: [{ id: 'STANDARD', name: 'International (7-20 business days)', first: 1199, more: 300 }],
}

export function demoProvider(): PrintProvider {
  const orders = new Map<string, ProviderOrder>()
  const variants = new Map(DEMO_PRODUCTS.flatMap((p) => p.sync_variants.map((variant) => [variant.variant_id, variant] as const)))
  return {
    kind: 'demo',
    products: async () => structuredClone([...DEMO_PRODUCTS]),
    countries: async () => structuredClone([...WORLD_COUNTRIES]),
    async shippingRates(recipient, items): Promise<ShippingRate[]> {
      const shirts = items.reduce((sum, item) => sum + item.quantity, 0)
      return RATES[regionOf(recipient.country_code)].map((rate) => ({
        id: rate.id,
        name: rate.name,
        rate: centsToDecimal(rate.first + Math.max(0, shirts - 1) * rate.more),
        currency: CURRENCY,
      }))
    },
    async createDraftOrder(input: DraftOrderInput): Promise<ProviderOrder> {
      const rates = await this.shippingRates(input.recipient, input.items)
      const rate = rates.find((candidate) => candidate.id === input.shipping)
      if (!rate) throw new ApiError(400, 'Unknown shipping method')
      if (await this.getOrderByExternalId(input.externalId)) throw new ApiError(400, `External ID ${input.externalId} is already used`)
      let subtotal = 0
      for (const item of input.items) {
        const variant = variants.get(item.variant_id)
        if (!variant) throw new ApiError(400, `Invalid variant_id ${item.variant_id}`)
        subtotal += (parseCents(variant.price) ?? 0) * item.quantity
      }
      const shipping = parseCents(rate.rate) ?? 0
      const order: ProviderOrder = {
        id: `demo-${randomUUID()}`,
        externalId: input.externalId,
        status: 'draft',
        costs: { subtotal: centsToDecimal(subtotal), shipping: centsToDecimal(shipping), total: centsToDecimal(subtotal + shipping), currency: CURRENCY },
      }
      orders.set(order.id, order)
      return structuredClone(order)
    },
    async getOrder(id) {
      const order = orders.get(id)
      if (!order) throw new ApiError(404, 'Order not found')
      return structuredClone(order)
    },
    async getOrderByExternalId(externalId) {
      const order = [...orders.values()].find((candidate) => candidate.externalId === externalId)
      return order ? structuredClone(order) : null
    },
    // Nothing was sent anywhere, so there is nothing upstream to cancel; the in-process draft is marked as Printful would.
    async cancelOrder(id) {
      const order = orders.get(id)
      if (order?.status === 'draft') order.status = 'canceled'
    },
  }
}
