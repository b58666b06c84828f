// Owns the Order tab's calls (spec section 7): catalog and countries (public), shipping quotes, and the draft order
// (signed in, with an Idempotency-Key so a retried click never orders twice).
import { apiCall } from '../../api/client.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/names.ts'
import * as v from 'valibot'
import { CatalogAnswerSchema, CatalogProductSchema, CountriesAnswerSchema, CountrySchema, OrderSchema, ShippingAnswerSchema, type Order } from '../../contract/order.ts'
import type { RecipientDraft } from './order-form.ts'
import { recipientPayload } from './order-form.ts'

export async function fetchCatalog(signal?: AbortSignal) {
  const [catalog, countries] = await Promise.all([
    apiCall(CatalogAnswerSchema, '/public/printful/products', { auth: false, signal }),
    apiCall(CountriesAnswerSchema, '/public/printful/countries', { auth: false, signal }),
  ])
  return { products: catalog.result, demo: catalog.demo, countries: countries.result }
}

export type Catalog = Awaited<ReturnType<typeof fetchCatalog>>

/** The last catalog this device saw (public data, so plain localStorage): offline, the form stays with it (issue 23). */
const CATALOG_KEY = 'qrtee-last-catalog'
const StoredCatalogSchema = v.object({ products: v.array(CatalogProductSchema), countries: v.array(CountrySchema), demo: v.boolean() })

export function rememberCatalog(catalog: Catalog): void {
  try {
    localStorage.setItem(CATALOG_KEY, JSON.stringify(catalog))
  } catch {
    // Full or refused storage: the next offline visit says the catalog needs a connection, nothing else is lost.
  }
}

export function lastSeenCatalog(): Catalog | null {
  try {
    const parsed = v.safeParse(StoredCatalogSchema, JSON.parse(localStorage.getItem(CATALOG_KEY) ?? 'null'))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export type Line = { variant_id: number; quantity: number }

export async function quoteShipping(recipient: RecipientDraft, items: Line[]) {
  const answer = await apiCall(ShippingAnswerSchema, '/public/printful/shipping', { method: 'POST', auth: false, body: { recipient: recipientPayload(recipient), items } })
  return answer.result
}

export function createDraftOrder(recipient: RecipientDraft, shipping: string, items: Line[], idempotencyKey: string): Promise<Order> {
  return apiCall(OrderSchema, '/public/printful/orders', {
    method: 'POST',
    body: { recipient: recipientPayload(recipient), shipping, items },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
}

