// The print-provider interface the routes speak (design.md section 6): the Printful client and the demo catalog both
// implement it, in the spec's shapes, with money still as the provider's decimal strings.
import type { CatalogProduct, Country, ShippingRate } from '../../../src/contract/order.ts'

export type ProviderRecipient = {
  name: string
  address1: string
  city: string
  country_code: string
  state_code: string
  zip: string
}

export type ProviderOrderLine = {
  variant_id: number
  sync_variant_id: number | null
  quantity: number
  retail_price: string
  name: string
  files: { type: 'default'; url: string }[]
}

export type DraftOrderInput = {
  externalId: string
  shipping: string
  recipient: ProviderRecipient
  items: ProviderOrderLine[]
}

export type ProviderOrder = {
  id: string
  externalId: string
  status: string
  /** Decimal strings as the provider sends them; null when it sends none (computed from our own prices then). */
  costs: { subtotal: string | null; shipping: string | null; total: string | null; currency: string | null }
  /** The latest shipment the provider reports for the order, if any (raw: the webhook keeps only http(s) links). */
  shipment?: ProviderShipment | null
}

export type ProviderShipment = { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }

export interface PrintProvider {
  readonly kind: 'printful' | 'demo'
  products(): Promise<CatalogProduct[]>
  countries(): Promise<Country[]>
  shippingRates(recipient: ProviderRecipient, items: { variant_id: number; quantity: number }[]): Promise<ShippingRate[]>
  /** Refused (ApiError 400) when the external_id names an order the provider already has, as Printful does. */
  createDraftOrder(order: DraftOrderInput): Promise<ProviderOrder>
  getOrder(id: string): Promise<ProviderOrder>
  /** The order we placed under this external_id, or null when the provider has none (decision 208). */
  getOrderByExternalId(externalId: string): Promise<ProviderOrder | null>
  /**
   * Cancels a draft order (account deletion). Resolves when the order is cancelled or already gone; throws ApiError
   * 400 when the provider refuses (the order is past draft: it stays for fulfilment), anything else is worth a retry.
   */
  cancelOrder(id: string): Promise<void>
}
