// The owner's orders after the draft: GET /api/orders, the change feed that carries them to devices, and Printful's
// webhook against the fake Printful over HTTP: the secret (wrong 404, two during a rotation, never logged), the state
// read from Printful and never from the event's body, an outage retried, unknown events and orders ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { REQUEST_BODY_MESSAGES } from '../../src/contract/request-body.ts'
import { WEBHOOK_MESSAGES } from '../../server/orders/webhooks.ts'
import { PROVIDER_READ_FAILED } from '../../server/orders/print-provider/order-events.ts'
import { printfulProvider } from '../../server/orders/print-provider/printful.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'

const SECRET = 'hook-secret-0123456789abcdef'
const PREVIOUS = 'hook-secret-previous-0123456789'
const recipient = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' }
const shipment = { carrier: 'DHL', service: 'DHL Express', tracking_number: 'JD0123', tracking_url: 'https://track.example/JD0123' }

let fake: FakePrintful
beforeAll(async () => {
  fake = await startFakePrintful()
})
afterAll(() => fake.close())

describeEachDatabase('orders and the Printful webhook', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let order: { id: string; externalId: string; providerOrderId: string; status: string }
  const logs = captureLogs()
  const now = () => Math.floor(Date.now() / 1000)
  const event = (type: string, data: Record<string, unknown>, created: unknown = now()) => ({ type, created, retries: 0, store: 1, data })
  const ours = () => ({ order: { id: Number(order.providerOrderId), external_id: order.externalId, status: 'canceled' } })
  const hook = (body: unknown, secret = SECRET) => t.request('POST', `/api/webhooks/printful/${secret}`, { body })
  const stored = async () => (await t.request('GET', '/api/orders', { token: owner.token })).json.find((o: { id: string }) => o.id === order.id)
  const feedAfter = (cursor: number) => t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: owner.token })

  beforeAll(async () => {
    const config = loadConfig({
      JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      DATA_DIR: '.tmp/test-data',
      LOG_LEVEL: 'silent',
      PRINTFUL_WEBHOOK_SECRET: SECRET,
      PRINTFUL_WEBHOOK_SECRET_PREVIOUS: PREVIOUS,
    })
    const printProvider = printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: 2000, sleep: async () => {} })
    t = new TestApp(await getDatabase(), { config, printProvider, logger: logs.logger })
    owner = await signUpOwner(t, 'hooked')
    const res = await t.request('POST', '/api/public/printful/orders', {
      token: owner.token,
      body: { recipient, shipping: 'STANDARD', items: [{ variant_id: 4013, quantity: 1 }] },
    })
    expect(res.status).toBe(201)
    order = res.json
  })

  it('puts a new order in the change feed, in a snapshot and after a cursor', async () => {
    const snapshot = await feedAfter(0)
    expect(snapshot.json.orders.map((o: { id: string }) => o.id)).toContain(order.id)
    const again = await feedAfter(snapshot.json.cursor)
    expect(again.json.orders).toEqual([])
  })

  it('answers 404 for a wrong secret and changes nothing', async () => {
    fake.update(order.providerOrderId, { status: 'failed' })
    const res = await hook(event('order_failed', ours()), 'wrong-secret-0123456789abcdef')
    expect(res.status).toBe(404)
    expect((await stored()).status).toBe('draft')
    fake.update(order.providerOrderId, { status: 'draft' })
  })

  it('answers 404 when no secret is configured', async () => {
    const plain = new TestApp(t.deps.database)
    expect((await plain.request('POST', `/api/webhooks/printful/${SECRET}`, { body: event('order_updated', {}) })).status).toBe(404)
  })

  it('logs the route pattern, never the secret, for right and wrong secrets alike', async () => {
    await hook(event('product_synced', {}))
    await hook(event('product_synced', {}), 'near-miss-secret-0123456789')
    expect(logs.text()).toContain('/api/webhooks/printful/:secret')
    expect(logs.text()).not.toContain(SECRET)
    expect(logs.text()).not.toContain('near-miss-secret')
  })

  it("a forged body changes nothing: the order's state is read from Printful", async () => {
    // The review's forgery: a far-future cancel froze the order. Today's time, and still Printful says 'draft'.
    expect((await hook(event('order_canceled', ours(), 32503680000))).status).toBe(400)
    const res = await hook(event('order_canceled', ours()))
    expect(res.json).toEqual({ received: true, applied: false })
    expect((await stored()).status).toBe('draft')
  })

  it('reads its body like every JSON route: undeclared JSON is 415, a body nested too deep 400; nothing changes', async () => {
    const path = `/api/webhooks/printful/${SECRET}`
    const undeclared = await t.request('POST', path, { rawBody: JSON.stringify(event('order_canceled', ours())), headers: { 'Content-Type': 'text/plain' } })
    expect(undeclared.status).toBe(415)
    expect(undeclared.json.message).toBe(REQUEST_BODY_MESSAGES.notJson)
    const deep = { ...event('order_canceled', ours()), extra: JSON.parse('['.repeat(1000) + ']'.repeat(1000)) }
    const refused = await hook(deep)
    expect(refused.status).toBe(400)
    expect(refused.json.message).toBe(REQUEST_BODY_MESSAGES.tooDeep)
    expect((await stored()).status).toBe('draft')
  })

  it('order_updated stores the status Printful reports and reaches the devices through the change feed', async () => {
    const { json: before } = await feedAfter(0)
    fake.update(order.providerOrderId, { status: 'inprocess' })
    const res = await hook(event('order_updated', { order: { id: order.providerOrderId, external_id: order.externalId, status: 'pending' } }))
    expect(res.json).toEqual({ received: true, applied: true })
    expect((await stored()).status).toBe('inprocess')
    const { json: delta } = await feedAfter(before.cursor)
    expect(delta.orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[order.id, 'inprocess']])
  })

  it('an event naming our order only by its external id is applied too; a replay changes nothing', async () => {
    fake.update(order.providerOrderId, { status: 'fulfilled', shipments: [shipment] })
    const shipped = event('package_shipped', { shipment: { carrier: 'Forged', tracking_url: 'https://evil.example/' }, order: { external_id: order.externalId } })
    expect((await hook(shipped)).json.applied).toBe(true)
    expect(await stored()).toMatchObject({ status: 'fulfilled', carrier: 'DHL', trackingNumber: 'JD0123', trackingUrl: 'https://track.example/JD0123' })
    const { json: before } = await feedAfter(0)
    const replay = await hook(shipped)
    expect([replay.status, replay.json.applied]).toEqual([200, false])
    expect((await feedAfter(before.cursor)).json.orders).toEqual([])
  })

  it('a tracking link Printful reports that is not http(s) is not stored', async () => {
    fake.update(order.providerOrderId, { shipments: [shipment, { carrier: 'X', tracking_number: '1', tracking_url: 'javascript:alert(1)' }] })
    await hook(event('package_shipped', ours()))
    expect((await stored()).trackingUrl).toBe('https://track.example/JD0123')
  })

  it.each([
    ['1e300', 1e300],
    ['far in the future', 32503680000],
    ['six minutes ahead', Math.floor(Date.now() / 1000) + 360],
    ['negative', -1],
    ['fractional', 1764000000.5],
    ['a string', 'yesterday'],
  ])('"created" %s is refused with 400 and changes nothing', async (_name, created) => {
    fake.update(order.providerOrderId, { status: 'canceled' })
    const res = await hook(event('order_canceled', ours(), created))
    fake.update(order.providerOrderId, { status: 'fulfilled' })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(typeof created === 'number' ? WEBHOOK_MESSAGES.created : WEBHOOK_MESSAGES.notAnEvent)
    expect((await stored()).status).toBe('fulfilled')
  })

  it('an event created a little ahead of our clock (within 5 minutes) is accepted', async () => {
    expect((await hook(event('order_updated', ours(), now() + 120))).status).toBe(200)
  })

  describe('rotation, outage and cancellation', () => {
    it('the previous secret is accepted beside the current one while a rotation is under way', async () => {
      fake.update(order.providerOrderId, { status: 'onhold' })
      expect((await hook(event('order_put_hold', ours()), PREVIOUS)).json).toEqual({ received: true, applied: true })
      expect((await stored()).status).toBe('onhold')
    })

    it('a Printful outage while the order is read answers 503, so Printful sends the event again; then it applies', async () => {
      fake.update(order.providerOrderId, { status: 'failed' })
      fake.inject({ kind: 'error', status: 500, message: 'Internal error' })
      const failed = await hook(event('order_failed', ours()))
      expect([failed.status, failed.json.message, failed.headers.get('Retry-After')]).toEqual([503, PROVIDER_READ_FAILED, '60'])
      expect((await stored()).status).toBe('onhold')
      expect((await hook(event('order_failed', ours()))).json.applied).toBe(true)
      expect((await stored()).status).toBe('failed')
    })

    it('order_canceled stores the cancellation Printful reports', async () => {
      fake.update(order.providerOrderId, { status: 'canceled' })
      expect((await hook(event('order_canceled', ours()))).json.applied).toBe(true)
      expect((await stored()).status).toBe('canceled')
    })
  })

  it('acknowledges and ignores unknown events, orders it never stored and shapes it cannot use; refuses a non-event', async () => {
    const reads = fake.requests.length
    expect((await hook(event('product_synced', { sync_product: { id: 1 } }))).json).toEqual({ received: true, applied: false })
    expect((await hook(event('order_updated', { order: { id: 123456789, external_id: 'nobody', status: 'pending' } }))).json).toEqual({ received: true, applied: false })
    expect((await hook(event('order_updated', {}))).status).toBe(200)
    expect(fake.requests.length).toBe(reads)
    expect((await hook('not json at all')).status).toBe(400)
    expect((await stored()).status).toBe('canceled')
  })
})
