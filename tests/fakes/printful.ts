// A local fake of Printful's API v1 (print-provider.md) over real HTTP: the {code, result, error, paging} envelope,
// store products with sync variants, countries, shipping rates, draft orders (recorded, cancellable), and injected faults: an error
// status, 429 with Retry-After, a slow answer, an answer held until the test lets it go (one request named by method and
// path, or the next). A second order with an external_id already used is refused with 400, as Printful refuses it.
// A test moves an order along (status, shipments) as Printful would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeFault = (
  | { kind: 'error'; status: number; message: string }
  | { kind: 'rate-limit'; retryAfter: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'hold'; until: Promise<void> }
) & { /** 'POST /orders': the fault waits for that request; without it, the next request takes it. */ on?: string }

export const DUPLICATE_EXTERNAL_ID = (externalId: string) => `Order with External ID ${externalId} already exists`

export type RecordedRequest = { method: string; path: string; authorization: string | undefined; storeId: string | undefined; body: unknown }

export type RecordedOrder = {
  id: number
  external_id: string
  shipping: string
  status: string
  recipient: Record<string, unknown>
  items: { variant_id: number; quantity: number; retail_price?: string; name?: string; files: { type: string; url: string }[] }[]
  shipments?: FakeShipment[]
}

export type FakeShipment = { carrier: string; service?: string; tracking_number: string; tracking_url: string }

type Variant = { id: number; variant_id: number; name: string; retail_price: string; currency: string; is_ignored?: boolean }
type Product = { id: number; name: string; thumbnail_url: string; is_ignored?: boolean; variants: Variant[] }

const sizes = ['S', 'M', 'L', 'XL', '2XL']
function product(id: number, name: string, firstVariant: number, price: number, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    thumbnail_url: `https://files.cdn.printful.example/products/${id}.png`,
    variants: sizes.map((size, index) => ({
      id: id * 10 + index,
      variant_id: firstVariant + index,
      name: `${name} / ${size}`,
      retail_price: (price + (index >= 4 ? 2 : 0)).toFixed(2),
      currency: 'EUR',
    })),
    ...extra,
  }
}

export const FAKE_PRODUCTS: Product[] = [
  product(301, 'Classic Tee', 4012, 21.5),
  product(302, 'Organic Tee', 8852, 27),
  product(303, 'Hidden Tee', 9900, 10, { is_ignored: true }),
  product(304, 'Heavy Tee', 5001, 31.25),
]

export const FAKE_COUNTRIES = [
  { code: 'US', name: 'United States', region: 'north_america', states: [{ code: 'CA', name: 'California' }, { code: 'NY', name: 'New York' }, { code: 'TX', name: 'Texas' }] },
  { code: 'CA', name: 'Canada', region: 'north_america', states: [{ code: 'ON', name: 'Ontario' }, { code: 'QC', name: 'Quebec' }] },
  { code: 'AU', name: 'Australia', region: 'oceania', states: [{ code: 'NSW', name: 'New South Wales' }, { code: 'VIC', name: 'Victoria' }] },
  { code: 'DE', name: 'Germany', region: 'europe', states: null },
  { code: 'GB', name: 'United Kingdom', region: 'europe', states: null },
]

export type FakePrintful = {
  url: string
  token: string
  requests: RecordedRequest[]
  orders: RecordedOrder[]
  /** Faults answer the next requests in order, one each. */
  inject: (...faults: FakeFault[]) => void
  /** Printful's side of an order changes (it went into production, shipped, was canceled). */
  update: (id: string | number, change: Partial<Pick<RecordedOrder, 'status' | 'shipments'>>) => void
  close: () => Promise<void>
}

export async function startFakePrintful(options: { token?: string; pageSize?: number } = {}): Promise<FakePrintful> {
  const token = options.token ?? 'fake-printful-token-0123456789'
  const pageSize = options.pageSize ?? 2
  const requests: RecordedRequest[] = []
  const orders: RecordedOrder[] = []
  const faults: FakeFault[] = []
  // Unique across runs too, as Printful's own ids are: test databases keep the orders of earlier runs.
  let nextOrderId = Date.now() * 1000

  const send = (res: ServerResponse, code: number, result: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    res.writeHead(code, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify({ code, result, ...extra }))
  }
  const fail = (res: ServerResponse, code: number, reason: string, message: string, headers: Record<string, string> = {}) =>
    send(res, code, message, { error: { reason, message } }, headers)

  const readBody = (req: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        try {
          resolve(raw ? JSON.parse(raw) : undefined)
        } catch {
          resolve(Symbol.for('malformed'))
        }
      })
    })

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const body = await readBody(req)
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        authorization: req.headers.authorization,
        storeId: req.headers['x-pf-store-id'] as string | undefined,
        body,
      })
      const at = faults.findIndex((candidate) => candidate.on === undefined || candidate.on === `${req.method} ${url.pathname}`)
      const fault = at < 0 ? undefined : faults.splice(at, 1)[0]
      if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms))
      if (fault?.kind === 'hold') await fault.until
      if (fault?.kind === 'rate-limit') return fail(res, 429, 'TooManyRequests', 'Too Many Requests', { 'Retry-After': fault.retryAfter })
      if (fault?.kind === 'error') return fail(res, fault.status, fault.status === 401 ? 'Unauthorized' : 'BadRequest', fault.message)
      if (req.headers.authorization !== `Bearer ${token}`) return fail(res, 401, 'Unauthorized', 'Malformed Authorization header.')
      if (body === Symbol.for('malformed')) return fail(res, 400, 'BadRequest', 'Malformed JSON')
      route(req.method ?? 'GET', url, body as Record<string, unknown> | undefined, res)
    })().catch(() => {
      if (!res.headersSent) fail(res, 500, 'InternalError', 'Internal error')
    })
  })

  function route(method: string, url: URL, body: Record<string, unknown> | undefined, res: ServerResponse) {
    const path = url.pathname
    if (method === 'GET' && path === '/store/products') {
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), pageSize)
      const page = FAKE_PRODUCTS.slice(offset, offset + limit).map((p) => ({
        id: p.id,
        external_id: `ext-${p.id}`,
        name: p.name,
        variants: p.variants.length,
        synced: p.variants.length,
        thumbnail_url: p.thumbnail_url,
        is_ignored: Boolean(p.is_ignored),
      }))
      return send(res, 200, page, { paging: { total: FAKE_PRODUCTS.length, offset, limit } })
    }
    const productMatch = /^\/store\/products\/(\d+)$/.exec(path)
    if (method === 'GET' && productMatch) {
      const p = FAKE_PRODUCTS.find((candidate) => candidate.id === Number(productMatch[1]))
      if (!p) return fail(res, 404, 'NotFound', 'Not Found')
      return send(res, 200, {
        sync_product: { id: p.id, external_id: `ext-${p.id}`, name: p.name, variants: p.variants.length, synced: p.variants.length, thumbnail_url: p.thumbnail_url },
        sync_variants: p.variants.map((variant) => ({
          ...variant,
          external_id: `ext-${variant.id}`,
          sync_product_id: p.id,
          synced: true,
          sku: `SKU-${variant.id}`,
          product: { variant_id: variant.variant_id, product_id: 71, image: p.thumbnail_url, name: variant.name },
          files: [],
          options: [],
        })),
      })
    }
    if (method === 'GET' && path === '/countries') return send(res, 200, FAKE_COUNTRIES)
    if (method === 'POST' && path === '/shipping/rates') {
      const recipient = (body?.recipient ?? {}) as Record<string, string>
      const items = (body?.items ?? []) as { variant_id: number; quantity: number }[]
      const problem = checkOrderParts(recipient, items, false)
      if (problem) return fail(res, 400, 'BadRequest', problem)
      const shirts = items.reduce((sum, item) => sum + item.quantity, 0)
      const base = recipient.country_code === 'US' || recipient.country_code === 'CA' ? 6.5 : 4.25
      return send(res, 200, [
        { id: 'STANDARD', name: 'Flat Rate (Estimated delivery: 5-7 business days)', rate: (base + (shirts - 1) * 1.5).toFixed(2), currency: 'EUR', minDeliveryDays: 5, maxDeliveryDays: 7 },
        { id: 'PRINTFUL_FAST', name: 'Express (Estimated delivery: 2-3 business days)', rate: (base * 3).toFixed(2), currency: 'EUR', minDeliveryDays: 2, maxDeliveryDays: 3 },
      ])
    }
    if (method === 'POST' && path === '/orders') {
      const recipient = (body?.recipient ?? {}) as Record<string, string>
      const items = (body?.items ?? []) as RecordedOrder['items']
      const problem = checkOrderParts(recipient, items, true) ?? (typeof body?.shipping === 'string' ? null : 'Missing required parameters: shipping')
      if (problem) return fail(res, 400, 'BadRequest', problem)
      if (!items.every((item) => item.files?.length)) return fail(res, 400, 'BadRequest', 'Item is missing a print file')
      const externalId = String(body?.external_id ?? '')
      if (externalId && orders.some((candidate) => candidate.external_id === externalId)) return fail(res, 400, 'BadRequest', DUPLICATE_EXTERNAL_ID(externalId))
      const order: RecordedOrder = { id: nextOrderId++, external_id: externalId, shipping: String(body?.shipping), status: 'draft', recipient, items }
      orders.push(order)
      return send(res, 200, toOrder(order))
    }
    const orderMatch = /^\/orders\/(@?[\w-]+)$/.exec(path)
    if (method === 'GET' && orderMatch) {
      const id = orderMatch[1] ?? ''
      const order = orders.find((candidate) => String(candidate.id) === id || `@${candidate.external_id}` === id)
      return order ? send(res, 200, toOrder(order)) : fail(res, 404, 'NotFound', 'Not Found')
    }
    if (method === 'DELETE' && orderMatch) {
      // Printful cancels a draft (or failed / on-hold) order; one in production or shipped is refused.
      const id = orderMatch[1] ?? ''
      const order = orders.find((candidate) => String(candidate.id) === id || `@${candidate.external_id}` === id)
      if (!order) return fail(res, 404, 'NotFound', 'Not Found')
      if (!['draft', 'failed', 'onhold', 'canceled'].includes(order.status)) return fail(res, 400, 'BadRequest', 'Order cannot be canceled')
      order.status = 'canceled'
      return send(res, 200, toOrder(order))
    }
    return fail(res, 404, 'NotFound', 'Not Found')
  }

  function variantOf(id: number): Variant | undefined {
    return FAKE_PRODUCTS.flatMap((p) => p.variants).find((variant) => variant.variant_id === id)
  }

  function checkOrderParts(recipient: Record<string, string>, items: { variant_id: number; quantity: number }[], needName: boolean): string | null {
    if (needName && !recipient.name) return 'Recipient: name is required'
    if (!recipient.address1 || !recipient.city || !recipient.country_code) return 'Missing required parameters'
    const country = FAKE_COUNTRIES.find((candidate) => candidate.code === recipient.country_code)
    if (!country) return `Invalid country code ${recipient.country_code}`
    if (country.states && !country.states.some((state) => state.code === recipient.state_code)) return `Recipient: State code is missing or invalid for ${country.name}`
    if (!Array.isArray(items) || items.length === 0) return 'Missing required parameters: items'
    for (const item of items) {
      if (!variantOf(item.variant_id)) return `Item 0: Variant ${item.variant_id} not found`
      if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 1000) return 'Item 0: Invalid quantity'
    }
    return null
  }

  function toOrder(order: RecordedOrder) {
    const subtotal = order.items.reduce((sum, item) => sum + Number(variantOf(item.variant_id)?.retail_price ?? 0) * item.quantity, 0)
    const shipping = 4.25
    return {
      id: order.id,
      external_id: order.external_id,
      store: 1,
      status: order.status,
      shipping: order.shipping,
      recipient: order.recipient,
      items: order.items,
      costs: { currency: 'EUR', subtotal: subtotal.toFixed(2), discount: '0.00', shipping: shipping.toFixed(2), tax: '0.00', vat: '0.00', total: (subtotal + shipping).toFixed(2) },
      shipments: order.shipments ?? [],
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    orders,
    inject: (...more) => faults.push(...more),
    update: (id, change) => {
      const order = orders.find((candidate) => String(candidate.id) === String(id))
      if (!order) throw new Error(`The fake has no order ${id}`)
      Object.assign(order, change)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
