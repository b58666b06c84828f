// The Printful API v1 client (print-provider.md): the {code, result, error} envelope and its paging, and Printful's
// failures mapped to ours (docs/decisions/090-print-provider-client.md). The token travels only in the header.
import { type CatalogProduct, type Country, PRINT_POSITION, type ShippingRate } from '../../../src/contract/order.ts'
import { ApiError } from '../../http/http.ts'
import type { DraftOrderInput, PrintProvider, ProviderOrder } from './provider.ts'

export type PrintfulOptions = {
  token: string
  apiUrl: string
  storeId?: string | undefined
  /** No answer within this long is a 504 (10 s; tests pass less). */
  timeoutMs?: number
  /** A 429 whose Retry-After asks for longer than this is answered 503 at once instead of waited out. */
  maxRetryWaitMs?: number
  sleep?: (ms: number) => Promise<void>
}

export const PRINTFUL_TIMEOUT_MS = 10_000
export const PRINTFUL_MAX_RETRY_WAIT_MS = 5_000
const PAGE_LIMIT = 100
/** A store with more products than this is cut off rather than read forever. */
const MAX_PAGES = 20

export const PROVIDER_MESSAGES = {
  misconfigured:
    "The print provider refused this server's credentials: its Printful configuration (PRINTFUL_TOKEN or PRINTFUL_STORE_ID) is wrong. Please tell the site's operator.",
  timeout: 'The print provider did not answer in time. Please try again.',
  unreachable: 'The print provider could not be reached. Please try again later.',
  failed: 'The print provider failed to answer. Please try again later.',
  busy: (seconds: number) => `The print provider is busy. Please try again in ${seconds} seconds.`,
  refused: 'The print provider refused the request.',
} as const

type Envelope = { code?: number; result?: unknown; error?: { reason?: string; message?: string }; paging?: { total?: number; offset?: number; limit?: number } }

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Retry-After in seconds (a number or an HTTP date), at least 1; 60 when the provider sends none. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Math.max(1, Number(header.trim()))
  const date = header ? Date.parse(header) : Number.NaN
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now) / 1000)) : 60
}

export function printfulProvider(options: PrintfulOptions): PrintProvider {
  const { token, storeId } = options
  const apiUrl = options.apiUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? PRINTFUL_TIMEOUT_MS
  const maxRetryWaitMs = options.maxRetryWaitMs ?? PRINTFUL_MAX_RETRY_WAIT_MS
  const sleep = options.sleep ?? sleepFor
  // Printful's own text is passed on to the owner; it must never carry our token, even echoed back.
  const redact = (message: string) => (token ? message.split(token).join('[redacted]') : message)

  async function once(method: string, path: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
    if (storeId) headers['X-PF-Store-Id'] = storeId
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    try {
      return await fetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      const name = err instanceof Error ? err.name : ''
      throw new ApiError(name === 'TimeoutError' || name === 'AbortError' ? 504 : 502, name === 'TimeoutError' || name === 'AbortError' ? PROVIDER_MESSAGES.timeout : PROVIDER_MESSAGES.unreachable)
    }
  }

  async function readEnvelope(res: Response): Promise<Envelope> {
    try {
      const parsed: unknown = await res.json()
      return parsed && typeof parsed === 'object' ? (parsed as Envelope) : {}
    } catch (err) {
      const name = err instanceof Error ? err.name : ''
      if (name === 'TimeoutError' || name === 'AbortError') throw new ApiError(504, PROVIDER_MESSAGES.timeout)
      return {}
    }
  }

  async function request(method: string, path: string, body?: unknown): Promise<Envelope> {
    let res = await once(method, path, body)
    if (res.status === 429) {
      const seconds = retryAfterSeconds(res.headers.get('Retry-After'))
      await res.body?.cancel()
      if (seconds * 1000 <= maxRetryWaitMs) {
        await sleep(seconds * 1000)
        res = await once(method, path, body)
      }
      if (res.status === 429) {
        const again = retryAfterSeconds(res.headers.get('Retry-After'))
        await res.body?.cancel()
        throw new ApiError(503, PROVIDER_MESSAGES.busy(again), { 'Retry-After': String(again) })
      }
    }
    const envelope = await readEnvelope(res)
    if (res.ok && envelope.result !== undefined) return envelope
    if (res.status === 401 || res.status === 403) throw new ApiError(502, PROVIDER_MESSAGES.misconfigured)
    if (res.status >= 400 && res.status < 500) {
      const message = envelope.error?.message || (typeof envelope.result === 'string' ? envelope.result : '') || PROVIDER_MESSAGES.refused
      throw new ApiError(res.status === 404 ? 404 : 400, redact(message).slice(0, 500))
    }
    throw new ApiError(502, PROVIDER_MESSAGES.failed)
  }

  async function allPages(path: string): Promise<unknown[]> {
    const rows: unknown[] = []
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const separator = path.includes('?') ? '&' : '?'
      const envelope = await request('GET', `${path}${separator}offset=${rows.length}&limit=${PAGE_LIMIT}`)
      const result = Array.isArray(envelope.result) ? envelope.result : []
      rows.push(...result)
      const total = envelope.paging?.total ?? rows.length
      if (result.length === 0 || rows.length >= total) break
    }
    return rows
  }

  return {
    kind: 'printful',
    async products() {
      const list = (await allPages('/store/products')) as { id: number; is_ignored?: boolean }[]
      const products: CatalogProduct[] = []
      for (const summary of list) {
        if (summary.is_ignored) continue
        const { result } = await request('GET', `/store/products/${encodeURIComponent(String(summary.id))}`)
        products.push(toCatalogProduct(result))
      }
      return products.filter((p) => p.sync_variants.length > 0)
    },
    async countries() {
      const { result } = await request('GET', '/countries')
      return (Array.isArray(result) ? result : []).map(toCountry)
    },
    async shippingRates(recipient, items) {
      const { result } = await request('POST', '/shipping/rates', {
        recipient: { address1: recipient.address1, city: recipient.city, country_code: recipient.country_code, state_code: recipient.state_code || undefined, zip: recipient.zip || undefined },
        items: items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
      })
      return (Array.isArray(result) ? result : []).map(toRate)
    },
    async createDraftOrder(input: DraftOrderInput) {
      const { result } = await request('POST', '/orders', {
        external_id: input.externalId,
        shipping: input.shipping,
        recipient: { ...input.recipient, state_code: input.recipient.state_code || undefined, zip: input.recipient.zip || undefined },
        items: input.items.map((item) => ({
          variant_id: item.variant_id,
          quantity: item.quantity,
          retail_price: item.retail_price,
          name: item.name,
          // The code's printed size and place are fixed, never left to the file's own size (decision 093).
          files: item.files.map((file) => ({ ...file, position: PRINT_POSITION })),
        })),
      })
      return toProviderOrder(result)
    },
    async getOrder(id) {
      const { result } = await request('GET', `/orders/${encodeURIComponent(id)}`)
      return toProviderOrder(result)
    },
    async getOrderByExternalId(externalId) {
      try {
        // Printful takes '@' and the external_id in place of its own id (print-provider.md).
        const { result } = await request('GET', `/orders/@${encodeURIComponent(externalId)}`)
        return toProviderOrder(result)
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null
        throw err
      }
    },
    async cancelOrder(id) {
      try {
        await request('DELETE', `/orders/${encodeURIComponent(id)}`)
      } catch (err) {
        // Already deleted or cancelled at Printful (by hand, or an earlier attempt whose answer was lost): done.
        if (err instanceof ApiError && err.status === 404) return
        throw err
      }
    },
  }
}

type RawVariant = { id: number; variant_id: number; name?: string; size?: string; retail_price?: string; currency?: string; options?: { id: string; value: unknown }[]; is_ignored?: boolean }

/** The variant's size: its own field, a `size` option, or the part of its name after the last ' / '. */
function sizeOf(variant: RawVariant): string {
  if (variant.size) return variant.size
  const option = variant.options?.find((o) => o.id === 'size' && typeof o.value === 'string')
  if (option) return String(option.value)
  const name = variant.name ?? ''
  return name.includes(' / ') ? (name.split(' / ').at(-1) ?? name) : name
}

function toCatalogProduct(result: unknown): CatalogProduct {
  const { sync_product: product, sync_variants: variants } = (result ?? {}) as {
    sync_product?: { id: number; name: string; thumbnail_url?: string | null }
    sync_variants?: RawVariant[]
  }
  return {
    id: Number(product?.id),
    name: String(product?.name ?? ''),
    thumbnail_url: product?.thumbnail_url ?? null,
    sync_variants: (variants ?? [])
      .filter((variant) => !variant.is_ignored && variant.retail_price)
      .map((variant) => ({ id: Number(variant.id), variant_id: Number(variant.variant_id), size: sizeOf(variant), price: String(variant.retail_price), currency: variant.currency ?? 'EUR' })),
  }
}

function toCountry(raw: unknown): Country {
  const c = raw as { code: string; name: string; states?: { code: string; name: string }[] | null }
  return { code: c.code, name: c.name, states: c.states?.length ? c.states.map((s) => ({ code: s.code, name: s.name })) : null }
}

function toRate(raw: unknown): ShippingRate {
  const r = raw as { id: string; name: string; rate: string; currency: string }
  return { id: String(r.id), name: String(r.name), rate: String(r.rate), currency: String(r.currency) }
}

type RawShipment = { carrier?: unknown; tracking_number?: unknown; tracking_url?: unknown }

function toProviderOrder(raw: unknown): ProviderOrder {
  const o = (raw ?? {}) as { id?: number | string; external_id?: string; status?: string; costs?: Record<string, unknown>; shipments?: unknown }
  const cost = (key: string) => (o.costs && o.costs[key] != null ? String(o.costs[key]) : null)
  const shipments = Array.isArray(o.shipments) ? (o.shipments as RawShipment[]) : []
  const last = shipments.at(-1)
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null)
  return {
    id: String(o.id ?? ''),
    externalId: String(o.external_id ?? ''),
    status: String(o.status ?? 'draft'),
    costs: { subtotal: cost('subtotal'), shipping: cost('shipping'), total: cost('total'), currency: cost('currency') },
    shipment: last ? { carrier: text(last.carrier), trackingNumber: text(last.tracking_number), trackingUrl: text(last.tracking_url) } : null,
  }
}
