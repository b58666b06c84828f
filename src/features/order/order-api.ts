// Owns the Order tab's calls (spec section 7): catalog and countries (public), shipping quotes, and the draft order
// (signed in, with an Idempotency-Key so a retried click never orders twice).
import { apiCall, refreshTokensOnce } from '../../api/client.ts'
import { ApiError } from '../../api/http-core.ts'
import { readTokens } from '../../api/tokens.ts'
import { apiPaths } from '../../contract/api-paths.ts'
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

/** The draft order's body as it is stored on the device before it is sent (pending-order.ts). */
export function draftOrderBody(recipient: RecipientDraft, shipping: string, items: Line[]) {
  return { recipient: recipientPayload(recipient), shipping, items }
}

export function sendDraftOrder(body: unknown, idempotencyKey: string): Promise<Order> {
  return apiCall(OrderSchema, '/public/printful/orders', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
}

/** A refusal for good (4xx but 408/429): the stored pending order goes; anything else keeps it for a resend. */
export function isOrderRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
}

/**
 * The owner's print file for the preview. Before a first order the server shows it only to its signed-in owner, so
 * it is fetched with the access token (an <img> could not send it), once more after a refresh; null when unavailable.
 */
export async function fetchPrintFile(shareableId: string, signal?: AbortSignal): Promise<Blob | null> {
  const send = (token: string | null) => fetch(apiPaths.printFile(shareableId), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal })
  const token = readTokens().token
  let res = await send(token)
  if (!res.ok && token) res = await send(await refreshTokensOnce(token).catch(() => null))
  return res.ok ? res.blob() : null
}
