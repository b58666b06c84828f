// The owner's orders after the draft: GET /api/orders, the change feed that carries them to devices, and Printful's
// webhook (wrong secret 404, each event, unknown events ignored, replays and older events harmless), on both databases.
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { demoProvider } from '../../server/services/print-provider/demo.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'

const SECRET = 'hook-secret-0123456789abcdef'
const recipient = { name: 'Ada Lovelace', address1: '1 Main St', city: 'Austin', country_code: 'US', state_code: 'TX', zip: '78701' }

describeEachDatabase('orders and the Printful webhook', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let order: { id: string; externalId: string; providerOrderId: string; status: string }
  let clock = Math.floor(Date.now() / 1000)
  const event = (type: string, data: Record<string, unknown>, created = (clock += 10)) => ({ type, created, retries: 0, store: 1, data })
  const hook = (body: unknown, secret = SECRET) => t.request('POST', `/api/webhooks/printful/${secret}`, { body })
  const stored = async () => (await t.request('GET', '/api/orders', { token: owner.token })).json.find((o: { id: string }) => o.id === order.id)
  const feedAfter = (cursor: number) => t.request('GET', `/api/sync/changes?cursor=${cursor}`, { token: owner.token })

  beforeAll(async () => {
    const config = { ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PRINTFUL_WEBHOOK_SECRET: SECRET }) }
    t = new TestApp(await getDatabase(), { config, printProvider: demoProvider() })
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
    const res = await hook(event('order_failed', { order: { id: order.providerOrderId, external_id: order.externalId } }), 'wrong-secret-0123456789abcdef')
    expect(res.status).toBe(404)
    expect((await stored()).status).toBe('draft')
  })

  it('answers 404 when no secret is configured', async () => {
    const plain = new TestApp(t.deps.database)
    expect((await plain.request('POST', `/api/webhooks/printful/${SECRET}`, { body: event('order_updated', {}) })).status).toBe(404)
  })

  it('order_updated sets the status and reaches the devices through the change feed', async () => {
    const { json: before } = await feedAfter(0)
    const res = await hook(event('order_updated', { order: { id: order.providerOrderId, external_id: order.externalId, status: 'inprocess' } }))
    expect(res.json).toEqual({ received: true, applied: true })
    expect((await stored()).status).toBe('inprocess')
    const { json: delta } = await feedAfter(before.cursor)
    expect(delta.orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[order.id, 'inprocess']])
  })

  it('package_shipped stores the carrier and tracking link; a replay of it is acknowledged and changes nothing', async () => {
    const shipped = event('package_shipped', {
      shipment: { carrier: 'DHL', service: 'DHL Express', tracking_number: 'JD0123', tracking_url: 'https://track.example/JD0123', ship_date: '2026-11-23' },
      order: { id: order.providerOrderId, external_id: order.externalId, status: 'fulfilled' },
    })
    expect((await hook(shipped)).json.applied).toBe(true)
    expect(await stored()).toMatchObject({ status: 'fulfilled', carrier: 'DHL', trackingNumber: 'JD0123', trackingUrl: 'https://track.example/JD0123' })
    const { json: before } = await feedAfter(0)
    const replay = await hook(shipped)
    expect([replay.status, replay.json.applied]).toEqual([200, false])
    expect((await feedAfter(before.cursor)).json.orders).toEqual([])
  })

  it('an event older than the last one applied (a late retry) changes nothing', async () => {
    const late = event('order_updated', { order: { id: order.providerOrderId, external_id: order.externalId, status: 'pending' } }, clock - 1000)
    expect((await hook(late)).json.applied).toBe(false)
    expect((await stored()).status).toBe('fulfilled')
  })

  it('a tracking link that is not http(s) is not stored', async () => {
    await hook(event('package_shipped', { shipment: { carrier: 'X', tracking_number: '1', tracking_url: 'javascript:alert(1)' }, order: { id: order.providerOrderId, status: 'fulfilled' } }))
    expect((await stored()).trackingUrl).toBe('https://track.example/JD0123')
  })

  describe('failure and cancellation', () => {
    it('order_failed and order_canceled set their statuses', async () => {
      expect((await hook(event('order_failed', { reason: 'Print file could not be fetched', order: { id: order.providerOrderId, external_id: order.externalId, status: 'failed' } }))).json.applied).toBe(true)
      expect((await stored()).status).toBe('failed')
      expect((await hook(event('order_canceled', { reason: 'Canceled by the owner', order: { id: order.providerOrderId, external_id: order.externalId } }))).json.applied).toBe(true)
      expect((await stored()).status).toBe('canceled')
    })
  })

  it('acknowledges and ignores unknown events, orders it never stored and shapes it cannot use; refuses a non-event', async () => {
    expect((await hook(event('product_synced', { sync_product: { id: 1 } }))).json).toEqual({ received: true, applied: false })
    expect((await hook(event('order_updated', { order: { id: 123456789, external_id: 'nobody', status: 'pending' } }))).json).toEqual({ received: true, applied: false })
    expect((await hook(event('order_updated', {}))).status).toBe(200)
    expect((await hook('not json at all')).status).toBe(400)
    expect((await stored()).status).toBe('canceled')
  })
})
