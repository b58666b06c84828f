// The Printful v1 client against the local fake over HTTP: envelope and paging, the spec's flattened shapes, and each
// failure mapped to ours without the token ever leaving in an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakePrintful, startFakePrintful } from '../../../tests/fakes/printful.ts'
import { ApiError } from '../../http/http.ts'
import { PROVIDER_MESSAGES, printfulProvider, retryAfterSeconds } from './printful.ts'

let fake: FakePrintful
beforeAll(async () => {
  fake = await startFakePrintful()
})
afterAll(() => fake.close())

function client(overrides: { token?: string; timeoutMs?: number; maxRetryWaitMs?: number; storeId?: string } = {}) {
  const slept: number[] = []
  const provider = printfulProvider({
    token: overrides.token ?? fake.token,
    apiUrl: fake.url,
    storeId: overrides.storeId,
    timeoutMs: overrides.timeoutMs ?? 2000,
    maxRetryWaitMs: overrides.maxRetryWaitMs ?? 5000,
    sleep: async (ms) => {
      slept.push(ms)
    },
  })
  return { provider, slept }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ApiError)
  return err as ApiError
}

const recipient = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' }

describe('Printful v1 client', () => {
  it('reads every page of store products, skips ignored ones, and flattens sync variants to {id, variant_id, size, price}', async () => {
    const { provider } = client({ storeId: '12345' })
    const before = fake.requests.length
    const products = await provider.products()
    expect(products.map((p) => p.name)).toEqual(['Classic Tee', 'Organic Tee', 'Heavy Tee'])
    expect(products[0]?.sync_variants[0]).toEqual({ id: 3010, variant_id: 4012, size: 'S', price: '21.50', currency: 'EUR' })
    expect(products[0]?.sync_variants.at(-1)).toMatchObject({ size: '2XL', price: '23.50' })
    const calls = fake.requests.slice(before)
    // Two list pages (the fake pages by 2) and one detail call per product that is not ignored.
    expect(calls.filter((r) => r.path.startsWith('/store/products?')).map((r) => r.path)).toEqual(['/store/products?offset=0&limit=100', '/store/products?offset=2&limit=100'])
    expect(calls.some((r) => r.path === '/store/products/303')).toBe(false)
    expect(calls.every((r) => r.authorization === `Bearer ${fake.token}` && r.storeId === '12345')).toBe(true)
  })

  it('reads countries with their states, and shipping rates', async () => {
    const { provider } = client()
    const countries = await provider.countries()
    expect(countries.find((c) => c.code === 'US')?.states).toContainEqual({ code: 'TX', name: 'Texas' })
    expect(countries.find((c) => c.code === 'DE')?.states).toBeNull()
    const rates = await provider.shippingRates(recipient, [{ variant_id: 4012, quantity: 2 }])
    expect(rates[0]).toEqual({ id: 'STANDARD', name: 'Flat Rate (Estimated delivery: 5-7 business days)', rate: '8.00', currency: 'EUR' })
  })

  it('creates a draft order that the provider records with its print file', async () => {
    const { provider } = client()
    const order = await provider.createDraftOrder({
      externalId: 'abc123',
      shipping: 'STANDARD',
      recipient,
      items: [{ variant_id: 4013, sync_variant_id: 3011, quantity: 1, retail_price: '21.50', name: 'Classic Tee / M', files: [{ type: 'default', url: 'https://shirt.example/f.png' }] }],
    })
    expect(order).toMatchObject({ externalId: 'abc123', status: 'draft', costs: { subtotal: '21.50', currency: 'EUR' } })
    expect(fake.orders.at(-1)).toMatchObject({ external_id: 'abc123', items: [{ variant_id: 4013, files: [{ type: 'default', url: 'https://shirt.example/f.png' }] }] })
    expect((await provider.getOrder(order.id)).id).toBe(order.id)
  })

  it('reads an order by its external id with GET /orders/@{external_id}; none is null; a used external_id is refused with 400', async () => {
    const { provider } = client()
    const draft = { externalId: 'by-external', shipping: 'STANDARD', recipient, items: [{ variant_id: 4013, sync_variant_id: null, quantity: 1, retail_price: '21.50', name: 'Tee', files: [{ type: 'default' as const, url: 'https://shirt.example/f.png' }] }] }
    const order = await provider.createDraftOrder(draft)
    expect((await provider.getOrderByExternalId('by-external'))?.id).toBe(order.id)
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/orders/@by-external' })
    expect(await provider.getOrderByExternalId('never-placed')).toBeNull()
    expect((await failure(provider.createDraftOrder(draft))).status).toBe(400)
    expect(fake.orders.filter((o) => o.external_id === 'by-external')).toHaveLength(1)
  })

  it('cancels a draft with DELETE /orders/{id}; one already gone is done; one in production is refused with 400', async () => {
    const { provider } = client()
    const draft = { externalId: 'to-cancel', shipping: 'STANDARD', recipient, items: [{ variant_id: 4013, sync_variant_id: null, quantity: 1, retail_price: '21.50', name: 'Tee', files: [{ type: 'default' as const, url: 'https://shirt.example/f.png' }] }] }
    const order = await provider.createDraftOrder(draft)
    await provider.cancelOrder(order.id)
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/orders/${order.id}` })
    expect((await provider.getOrder(order.id)).status).toBe('canceled')
    await expect(provider.cancelOrder('999')).resolves.toBeUndefined()
    const printing = await provider.createDraftOrder({ ...draft, externalId: 'printing' })
    fake.update(printing.id, { status: 'inprocess' })
    expect((await failure(provider.cancelOrder(printing.id))).status).toBe(400)
  })

  it("answers Printful's 400 as 400 with Printful's message", async () => {
    const { provider } = client()
    fake.inject({ kind: 'error', status: 400, message: 'Recipient: Invalid ZIP code' })
    const err = await failure(provider.shippingRates(recipient, [{ variant_id: 4012, quantity: 1 }]))
    expect([err.status, err.message]).toEqual([400, 'Recipient: Invalid ZIP code'])
  })

  it('answers a refused token as 502 naming the misconfiguration, never the token', async () => {
    const { provider } = client({ token: 'secret-wrong-token-987' })
    const err = await failure(provider.countries())
    expect(err.status).toBe(502)
    expect(err.message).toBe(PROVIDER_MESSAGES.misconfigured)
    expect(JSON.stringify({ message: err.message, headers: err.headers, stack: err.stack })).not.toContain('secret-wrong-token-987')
    fake.inject({ kind: 'error', status: 403, message: 'Forbidden' })
    expect((await failure(client().provider.countries())).status).toBe(502)
  })

  it("redacts the token if Printful's message ever echoes it", async () => {
    const { provider } = client()
    fake.inject({ kind: 'error', status: 400, message: `Bad token ${fake.token} given` })
    const err = await failure(provider.countries())
    expect(err.message).toBe('Bad token [redacted] given')
  })

  it('backs off once for a 429, honouring Retry-After, then succeeds', async () => {
    const { provider, slept } = client()
    fake.inject({ kind: 'rate-limit', retryAfter: '2' })
    expect((await provider.countries()).length).toBeGreaterThan(0)
    expect(slept).toEqual([2000])
  })

  it('answers 503 with Retry-After when the 429 comes again, or when its wait is too long to hold a request', async () => {
    const { provider, slept } = client()
    fake.inject({ kind: 'rate-limit', retryAfter: '1' }, { kind: 'rate-limit', retryAfter: '7' })
    const again = await failure(provider.countries())
    expect([again.status, again.headers['Retry-After'], again.message]).toEqual([503, '7', PROVIDER_MESSAGES.busy(7)])
    expect(slept).toEqual([1000])

    fake.inject({ kind: 'rate-limit', retryAfter: '120' })
    const long = await failure(provider.countries())
    expect([long.status, long.headers['Retry-After']]).toEqual([503, '120'])
    expect(slept).toEqual([1000])
  })

  it('answers 504 when Printful does not answer in time (the timeout is injected, 10 s by default)', async () => {
    const { provider } = client({ timeoutMs: 150 })
    fake.inject({ kind: 'slow', ms: 600 })
    const err = await failure(provider.countries())
    expect([err.status, err.message]).toEqual([504, PROVIDER_MESSAGES.timeout])
  })

  it('answers 502 when nothing listens and when Printful itself fails', async () => {
    const nobody = printfulProvider({ token: 't', apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })
    expect((await failure(nobody.countries())).status).toBe(502)
    fake.inject({ kind: 'error', status: 500, message: 'boom' })
    expect((await failure(client().provider.countries())).message).toBe(PROVIDER_MESSAGES.failed)
  })

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('3')).toBe(3)
    expect(retryAfterSeconds(new Date(10_000 + 4_000).toUTCString(), 10_000)).toBe(4)
    expect(retryAfterSeconds(null)).toBe(60)
  })
})
