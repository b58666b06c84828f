// The soak's world beside the owner's devices: a visitor buys a gift; the owner orders a shirt; Printful moves it on and says so by webhook.
import { startFakePrintful, type FakePrintful } from '../../fakes/printful.ts'
import { loadConfig } from '../../../server/config.ts'
import { printfulProvider } from '../../../server/orders/print-provider/printful.ts'
import type { AppDeps } from '../../../server/deps.ts'
import type { TestApp } from '../harness.ts'
import type { SoakOwner } from './owner.ts'

export const WEBHOOK_SECRET = 'soak-webhook-secret-0123456789'
const ORDER_STATUSES = ['inprocess', 'onhold', 'fulfilled', 'canceled'] as const

/** The soak's server with a print provider (a local fake Printful over HTTP) and its webhook secret. */
export async function withPrintful(): Promise<{ fake: FakePrintful; overrides: Partial<AppDeps> }> {
  const fake = await startFakePrintful()
  const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent', PRINTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET })
  const printProvider = printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: 5000, sleep: async () => {} })
  return { fake, overrides: { config, printProvider } }
}

/** A visitor buys the `index`-th item still open on the server; the answer's status (404 for a private profile). */
export async function purchase(t: TestApp, owner: SoakOwner, index: number): Promise<number | undefined> {
  const token = (await owner.signIn()).token
  const profile = (await t.request('GET', '/api/profiles', { token })).json as { shareableId: string; wishlist: { id: string; isPurchased: boolean }[] }
  const open = profile.wishlist.filter((item) => !item.isPurchased)
  const item = open[index % Math.max(open.length, 1)]
  if (!item) return undefined
  return (await t.request('POST', `/api/public/profiles/${profile.shareableId}/purchases`, { body: { wishlistItemId: item.id } })).status
}

/** The owner places a print order from the Order tab (its own call, with a key), as orders-sync.test.ts does. */
export async function placeOrder(t: TestApp, owner: SoakOwner): Promise<number> {
  const token = (await owner.signIn()).token
  const body = { recipient: { name: 'Ada', address1: 'Main 1', city: 'Berlin', country_code: 'DE', zip: '10115' }, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }
  return (await t.request('POST', '/api/public/printful/orders', { token, body, headers: { 'Idempotency-Key': crypto.randomUUID() } })).status
}

/** Printful moves one of the owner's orders on and tells the server by webhook; the webhook's answer status. */
export async function orderMovesOn(t: TestApp, fake: FakePrintful, owner: SoakOwner, index: number): Promise<number | undefined> {
  const token = (await owner.signIn()).token
  const orders = (await t.request('GET', '/api/orders', { token })).json as { providerOrderId: string; externalId: string }[]
  const order = orders[index % Math.max(orders.length, 1)]
  if (!order) return undefined
  const status = ORDER_STATUSES[index % ORDER_STATUSES.length] as string
  fake.update(order.providerOrderId, { status })
  const created = Math.floor(t.clock.now().getTime() / 1000)
  const event = { type: 'order_updated', created, data: { order: { id: order.providerOrderId, external_id: order.externalId, status } } }
  return (await t.request('POST', `/api/webhooks/printful/${WEBHOOK_SECRET}`, { body: event })).status
}

/** What the server holds for the end check: purchase records and orders, as the owner's API gives them. */
export async function serverGifts(t: TestApp, owner: SoakOwner) {
  const token = (await owner.signIn()).token
  const purchases = (await t.request('GET', '/api/purchase-records', { token })).json as Record<string, unknown>[]
  const orders = (await t.request('GET', '/api/orders', { token })).json as Record<string, unknown>[]
  return { purchases, orders }
}
