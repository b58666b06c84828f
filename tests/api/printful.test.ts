// The print-on-demand routes over the real app, on both databases, against the fake Printful over HTTP (and once on
// the demo catalog): every route's happy path and refusals, the order quota, and Printful's failures mapped to ours.
import jsQR from 'jsqr'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { printFiles, profiles } from '../../server/db/schema.ts'
import { ORDER_MESSAGES, PRINT_POSITION } from '../../src/contract/order.ts'
import { printfulProvider, PROVIDER_MESSAGES } from '../../server/orders/print-provider/printful.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { newKey, type Owner, signUpOwner } from './owner-helpers.ts'

const us = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' }
const de = { name: 'Grace Hopper', address1: 'Unter den Linden 1', city: 'Berlin', country_code: 'DE', zip: '10117' }

let fake: FakePrintful
beforeAll(async () => {
  fake = await startFakePrintful()
})
afterAll(() => fake.close())

describeEachDatabase('print provider routes (Printful)', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const userIdOf = async (shareableId: string) => {
    const [row] = await t.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.shareableId, shareableId))
    if (!row) throw new Error(`no profile ${shareableId}`)
    return row.userId
  }
  const logs = captureLogs()
  beforeAll(async () => {
    const printProvider = printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: 300, sleep: async () => {} })
    t = new TestApp(await getDatabase(), { printProvider, logger: logs.logger, rateLimits: { draftOrdersPerUser: { max: 3, windowMs: 86_400_000 } } })
    owner = await signUpOwner(t, 'shirt')
  })
  const shipping = (body: unknown) => t.request('POST', '/api/public/printful/shipping', { body })
  const order = (body: unknown, token: string = owner.token, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/public/printful/orders', { body, token, headers })

  it('lists the store products flattened to {id, name, thumbnail_url, sync_variants [{id, variant_id, size, price}]}', async () => {
    const res = await t.request('GET', '/api/public/printful/products')
    expect(res.status).toBe(200)
    expect(res.json.demo).toBe(false)
    expect(res.json.result.map((p: { name: string }) => p.name)).toEqual(['Classic Tee', 'Organic Tee', 'Heavy Tee'])
    expect(res.json.result[0]).toMatchObject({ id: 301, thumbnail_url: expect.stringContaining('301'), sync_variants: expect.arrayContaining([{ id: 3011, variant_id: 4013, size: 'M', price: '21.50', currency: 'EUR' }]) })
  })

  it('lists countries with their states', async () => {
    const res = await t.request('GET', '/api/public/printful/countries')
    expect(res.status).toBe(200)
    expect(res.json.result.find((c: { code: string }) => c.code === 'CA').states).toContainEqual({ code: 'ON', name: 'Ontario' })
  })

  it('quotes shipping rates for a country with states and one without', async () => {
    const a = await shipping({ recipient: us, items: [{ variant_id: 4012, quantity: 1 }] })
    expect(a.status).toBe(200)
    expect(a.json.result[0]).toEqual({ id: 'STANDARD', name: expect.any(String), rate: '6.50', currency: 'EUR' })
    const b = await shipping({ recipient: de, items: [{ variant_id: 4012, quantity: 3 }] })
    expect(b.json.result[0].rate).toBe('7.25')
  })

  it.each([
    ['quantity 0', { recipient: us, items: [{ variant_id: 4012, quantity: 0 }] }, ORDER_MESSAGES.quantity],
    ['quantity 101', { recipient: us, items: [{ variant_id: 4012, quantity: 101 }] }, ORDER_MESSAGES.quantity],
    ['an unknown variant', { recipient: us, items: [{ variant_id: 999999, quantity: 1 }] }, ORDER_MESSAGES.unknownVariant(999999)],
    ["an ignored product's variant", { recipient: us, items: [{ variant_id: 9900, quantity: 1 }] }, ORDER_MESSAGES.unknownVariant(9900)],
    ['no recipient name', { recipient: { ...us, name: ' ' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.name],
    ['no address', { recipient: { ...us, address1: '' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.address1],
    ['no city', { recipient: { ...us, city: undefined }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.city],
    ['no state for the US', { recipient: { ...us, state_code: '' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.state],
    ['a state the country does not have', { recipient: { ...us, state_code: 'ZZ' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.unknownState],
    ['no ZIP', { recipient: { ...de, zip: '' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.zip],
    ['an unknown country', { recipient: { ...de, country_code: 'QQ' }, items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.unknownCountry],
    ['no lines', { recipient: us, items: [] }, ORDER_MESSAGES.items],
    ['no items at all', { recipient: us }, ORDER_MESSAGES.items],
    ['no recipient at all', { items: [{ variant_id: 4012, quantity: 1 }] }, ORDER_MESSAGES.name],
  ])('refuses shipping with %s: 400 naming the field', async (_name, body, message) => {
    const res = await shipping(body)
    expect([res.status, res.json.message]).toEqual([400, message])
  })

  it('refuses an anonymous draft order with 401', async () => {
    const res = await order({ recipient: us, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }, '')
    expect(res.status).toBe(401)
  })

  it('refuses a draft order without a shipping rate: 400 naming it', async () => {
    const res = await order({ recipient: us, items: [{ variant_id: 4012, quantity: 1 }] })
    expect([res.status, res.json.message]).toEqual([400, ORDER_MESSAGES.shipping])
  })

  it("creates a draft order carrying the owner's print file, money in cents, and lists it in GET /api/orders", async () => {
    const before = fake.orders.length
    const res = await order({ recipient: de, shipping: 'STANDARD', items: [{ variant_id: 4016, quantity: 2 }] })
    expect(res.status).toBe(201)
    // Classic Tee 2XL is 23.50; two of them; STANDARD to DE for two shirts is 4.25 + 1.50.
    expect(res.json).toMatchObject({ provider: 'printful', status: 'draft', subtotalCents: 4700, shippingCents: 575, totalCents: 5275, currency: 'EUR', shippingRateId: 'STANDARD' })
    expect(res.json.lines).toEqual([{ variantId: 4016, syncVariantId: 3014, productName: 'Classic Tee', size: '2XL', quantity: 2, unitPriceCents: 2350 }])
    expect(fake.orders.length).toBe(before + 1)
    const sent = fake.orders.at(-1)
    expect(sent?.external_id).toBe(res.json.externalId)
    expect(String(sent?.id)).toBe(res.json.providerOrderId)
    // Only the fixed fields reach Printful.
    expect(Object.keys(sent?.recipient ?? {}).sort()).toEqual(['address1', 'city', 'country_code', 'name', 'zip'])
    const fileUrl = sent?.items[0]?.files[0]?.url ?? ''
    expect(sent?.items[0]?.files).toEqual([{ type: 'default', url: `http://localhost:8080/api/public/print-files/${owner.shareableId}.png`, position: PRINT_POSITION }])

    const file = await t.app.request(new URL(fileUrl).pathname)
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png'])
    const { data, info } = await sharp(Buffer.from(await file.arrayBuffer())).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(info.width).toBeGreaterThanOrEqual(3000)
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(`http://localhost:8080/profile/${owner.shareableId}`)

    const list = await t.request('GET', '/api/orders', { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.json[0]).toEqual(res.json)
    expect((await t.request('GET', '/api/orders')).status).toBe(401)
  })

  it('refuses an order with a rate the address is not offered, and replays a retried order instead of ordering twice', async () => {
    const other = await signUpOwner(t, 'rates')
    const wrong = await order({ recipient: de, shipping: 'TELEPORT', items: [{ variant_id: 4012, quantity: 1 }] }, other.token)
    expect([wrong.status, wrong.json.message]).toEqual([400, ORDER_MESSAGES.unknownRate])
    const before = fake.orders.length
    const key = newKey()
    const body = { recipient: de, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }
    const first = await order(body, other.token, { 'Idempotency-Key': key })
    const retry = await order(body, other.token, { 'Idempotency-Key': key })
    expect([first.status, retry.status, retry.json.id]).toEqual([201, 201, first.json.id])
    expect(fake.orders.length).toBe(before + 1)
  })

  it('allows a few draft orders per owner and day, then 429 with Retry-After and a message', async () => {
    const busy = await signUpOwner(t, 'quota')
    const body = { recipient: de, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }
    for (let i = 0; i < 3; i += 1) expect((await order(body, busy.token)).status).toBe(201)
    const refused = await order(body, busy.token)
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(/^You have created the most draft orders allowed for today\. Please try again in/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600)
  })

  describe("Printful's failures", () => {
    const body = { recipient: us, items: [{ variant_id: 4012, quantity: 1 }] }
    beforeAll(async () => {
      // Warm the catalog and countries, so the injected fault meets the shipping call itself.
      await t.request('GET', '/api/public/printful/products')
      await t.request('GET', '/api/public/printful/countries')
    })

    it("400 is answered 400 with Printful's message", async () => {
      fake.inject({ kind: 'error', status: 400, message: 'Recipient: ZIP code does not match the state' })
      const res = await shipping(body)
      expect([res.status, res.json]).toEqual([400, { message: 'Recipient: ZIP code does not match the state' }])
    })

    it('401 is our misconfiguration: 502 naming it, the token in no answer and no log line', async () => {
      fake.inject({ kind: 'error', status: 401, message: 'Malformed Authorization header.' })
      const res = await shipping(body)
      expect([res.status, res.json.message]).toEqual([502, PROVIDER_MESSAGES.misconfigured])
      expect(res.text).not.toContain(fake.token)
      expect(logs.text()).not.toContain(fake.token)
    })

    it('429 twice is 503 with Retry-After', async () => {
      fake.inject({ kind: 'rate-limit', retryAfter: '1' }, { kind: 'rate-limit', retryAfter: '4' })
      const res = await shipping(body)
      expect([res.status, res.headers.get('retry-after'), res.json.message]).toEqual([503, '4', PROVIDER_MESSAGES.busy(4)])
    })

    it('no answer in time is 504', async () => {
      fake.inject({ kind: 'slow', ms: 1200 })
      const res = await shipping(body)
      expect([res.status, res.json.message]).toEqual([504, PROVIDER_MESSAGES.timeout])
    })

    it('an order refused by Printful stores nothing', async () => {
      const before = (await t.request('GET', '/api/orders', { token: owner.token })).json.length
      // shippingRates answers, then the order itself is refused.
      fake.inject({ kind: 'slow', ms: 0 }, { kind: 'error', status: 400, message: 'Item 0: Variant is discontinued' })
      const res = await order({ recipient: us, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] })
      expect([res.status, res.json.message]).toEqual([400, 'Item 0: Variant is discontinued'])
      expect((await t.request('GET', '/api/orders', { token: owner.token })).json.length).toBe(before)
    })
  })

  describe('the print file (issue 27)', () => {
    const file = (shareableId: string, token?: string) => t.request('GET', `/api/public/print-files/${shareableId}.png`, { token })

    it('is not served for a profile without an order, except to its signed-in owner as the preview', async () => {
      const other = await signUpOwner(t, 'noorder')
      expect((await file(other.shareableId)).status).toBe(404)
      expect((await file(other.shareableId, owner.token)).status).toBe(404)
      const preview = await file(other.shareableId, other.token)
      expect([preview.status, preview.headers.get('content-type'), preview.headers.get('cache-control')]).toEqual([200, 'image/png', 'private, no-store'])
      expect((await t.db.select().from(printFiles).where(eq(printFiles.userId, await userIdOf(other.shareableId)))).length).toBe(0)
    })

    it('is stored when the order is placed and served from storage; a refused order leaves none served', async () => {
      const refused = await signUpOwner(t, 'refused')
      fake.inject({ kind: 'slow', ms: 0 }, { kind: 'error', status: 400, message: 'Item 0: Variant is discontinued' })
      expect((await order({ recipient: us, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }, refused.token)).status).toBe(400)
      expect((await file(refused.shareableId)).status).toBe(404)
      const [stored] = await t.db.select().from(printFiles).where(eq(printFiles.userId, await userIdOf(owner.shareableId)))
      expect(stored?.url).toBe(`http://localhost:8080/profile/${owner.shareableId}`)
      const served = await t.app.request(`/api/public/print-files/${owner.shareableId}.png`)
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(stored?.png ?? []))).toBe(true)
    })

    it('is limited per address with the shared limiter', async () => {
      const limited = new TestApp(t.deps.database, { printProvider: t.deps.printProvider, rateLimits: { printFilesPerAddress: { max: 3, windowMs: 60_000 } } })
      const answers = []
      for (let i = 0; i < 4; i++) answers.push((await limited.request('GET', `/api/public/print-files/unknown${i}.png`)).status)
      expect(answers).toEqual([404, 404, 404, 429])
    })
  })

  it('answers 404 for the print file of an unknown or malformed address', async () => {
    expect((await t.request('GET', '/api/public/print-files/nobody123.png')).status).toBe(404)
    expect((await t.request('GET', '/api/public/print-files/..%2Fetc.png')).status).toBe(404)
    expect((await t.request('GET', `/api/public/print-files/${owner.shareableId}.jpg`)).status).toBe(404)
  })
})

describeEachDatabase('print provider routes (demo catalog)', (getDatabase) => {
  it('serves the demo catalog, quotes and stores a draft order that goes nowhere', async () => {
    const t = new TestApp(await getDatabase())
    const owner = await signUpOwner(t, 'demo')
    const products = await t.request('GET', '/api/public/printful/products')
    expect(products.json.demo).toBe(true)
    const variant = products.json.result[0].sync_variants[2]
    expect(variant).toMatchObject({ size: 'M', price: '24.50' })
    const config = await t.request('GET', '/api/public/config')
    expect(config.json.printProvider).toBe('demo')
    const rates = await t.request('POST', '/api/public/printful/shipping', { body: { recipient: { ...us, country_code: 'CA', state_code: 'ON' }, items: [{ variant_id: variant.variant_id, quantity: 1 }] } })
    expect(rates.json.result[0]).toEqual({ id: 'STANDARD', name: 'Flat Rate (5-8 business days)', rate: '7.49', currency: 'EUR' })
    const created = await t.request('POST', '/api/public/printful/orders', {
      token: owner.token,
      body: { recipient: { ...us, country_code: 'CA', state_code: 'ON' }, shipping: 'EXPRESS', items: [{ variant_id: variant.variant_id, quantity: 3 }] },
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ provider: 'demo', status: 'draft', subtotalCents: 7350, shippingCents: 2599, totalCents: 9949, currency: 'EUR' })
    expect(created.json.providerOrderId).toMatch(/^demo-/)
  })
})
