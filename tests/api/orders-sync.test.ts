// The owner's print orders reach the device through the sync engine's pull, like purchases: a new order, its status
// change after a webhook, and a snapshot that replaces what the device had.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { printfulProvider } from '../../server/orders/print-provider/printful.ts'
import { writeMeta } from '../../src/local/meta.ts'
import { createDevice } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'

const SECRET = 'orders-sync-secret-0123456789'
let t: TestApp
let fake: FakePrintful
const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))

beforeAll(async () => {
  const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PRINTFUL_WEBHOOK_SECRET: SECRET })
  fake = await startFakePrintful()
  const printProvider = printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: 2000, sleep: async () => {} })
  t = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'), { config, printProvider })
})
afterAll(() => fake.close())

describe('orders on the device', () => {
  it('arrive with a pull, change status after a webhook, and a snapshot replaces them', async () => {
    const owner = await signUpOwner(t)
    const device = await createDevice({ fetch: appFetch, tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.orders.count()).toBe(0)

    const created = await t.request('POST', '/api/public/printful/orders', {
      token: owner.token,
      body: { recipient: { name: 'Ada', address1: 'Main 1', city: 'Berlin', country_code: 'DE', zip: '10115' }, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 2 }] },
    })
    expect(created.status).toBe(201)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.orders.toArray()).toEqual([created.json])

    // Printful moves the order on, then tells us: the webhook reads the new state from Printful.
    fake.update(created.json.providerOrderId, { status: 'inprocess' })
    await t.request('POST', `/api/webhooks/printful/${SECRET}`, {
      body: { type: 'order_updated', created: Math.floor(Date.now() / 1000), data: { order: { id: created.json.providerOrderId, external_id: created.json.externalId, status: 'inprocess' } } },
    })
    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await device.db.orders.get(created.json.id))?.status).toBe('inprocess')

    // A stray row the server does not have goes with the next snapshot.
    await device.db.orders.put({ ...created.json, id: 'stray', status: 'draft' })
    await writeMeta(device.db, 'cursor', 0)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await device.db.orders.toArray()).map((o) => [o.id, o.status])).toEqual([[created.json.id, 'inprocess']])
  })
})
