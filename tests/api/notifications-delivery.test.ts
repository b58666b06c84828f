// Issue 29's delivery on both databases: a server stopped between the commit and the delivery loses nothing (the next
// start delivers), a 410 removes the subscription, a 429 and a silent push service are tried again later (Retry-After
// honoured), a burst of gifts becomes one summary mail, and an order's shipment is told with its tracking link.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { notificationEvents, pushDeliveries, pushSubscriptions } from '../../server/db/schema.ts'
import { notificationsFor } from '../../server/notifications/notifications.ts'
import { printfulProvider } from '../../server/orders/print-provider/printful.ts'
import { type FakePushService, startFakePushService } from '../fake-push-service.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { SmtpSink } from '../fakes/smtp-sink.ts'
import { decodedBody, waitForMail } from './account-mail-helpers.ts'
import { describeEachDatabase, type TestApp } from './harness.ts'
import { buyNewWish, notifyingApp, subscribe, verifiedOwner } from './notification-helpers.ts'

const SECRET = 'notify-webhook-secret-0123456789'
const sink = new SmtpSink()
let push: FakePushService
let printful: FakePrintful
beforeAll(async () => {
  await sink.start()
  push = await startFakePushService()
  printful = await startFakePrintful()
})
afterAll(async () => {
  await sink.stop()
  await push.close()
  await printful.close()
})

describeEachDatabase('Notification delivery', (getDatabase, database) => {
  const scope = `@delivery-${database.name}.test`
  let t: TestApp
  beforeAll(async () => {
    t = notifyingApp(await getDatabase(), push, sink, scope)
  })

  it('a server stopped between the commit and the delivery loses nothing: the next start delivers, once', async () => {
    const stopped = notifyingApp(t.deps.database, push, sink, scope)
    // The loops of this "process" are gone: the purchase commits, nothing is sent.
    notificationsFor(stopped.deps).stop()
    notificationsFor(t.deps).stop()
    const owner = await verifiedOwner(stopped, 'restart')
    const device = push.newSubscription()
    await subscribe(stopped, owner, device)
    await buyNewWish(stopped, owner, 'Kite')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(push.messages(device.endpoint)).toEqual([])
    // The restarted server kicks at start (server/main.ts), as this new app does.
    t = notifyingApp(t.deps.database, push, sink, scope)
    notificationsFor(t.deps).kick()
    await push.waitFor(device.endpoint)
    await waitForMail(sink, owner.email, 'A gift was bought from your wishlist')
    await notificationsFor(t.deps).idle()
    expect(push.messages(device.endpoint)).toHaveLength(1)
  })

  it('a 410 removes the subscription and the other device still gets its push', async () => {
    const owner = await verifiedOwner(t, 'gone')
    const [gone, fine] = [push.newSubscription(), push.newSubscription()]
    await subscribe(t, owner, gone)
    await subscribe(t, owner, fine)
    push.failNext(gone.endpoint, 410)
    await buyNewWish(t, owner)
    await push.waitFor(fine.endpoint)
    await until(async () => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).length === 0)
    expect(push.messages(gone.endpoint)).toEqual([])
    expect(push.requests(gone.endpoint)).toBe(1)
  })

  it('a 429 with Retry-After is tried again after it, and delivered once', async () => {
    const owner = await verifiedOwner(t, 'busy')
    const device = push.newSubscription()
    await subscribe(t, owner, device)
    push.failNext(device.endpoint, { status: 429, retryAfter: 1 })
    const bought = Date.now()
    await buyNewWish(t, owner)
    const [got] = await push.waitFor(device.endpoint)
    expect(push.requests(device.endpoint)).toBe(2)
    expect((got?.receivedAt ?? 0) - bought).toBeGreaterThanOrEqual(1000)
  })

  it('a push service that does not answer is a retry after the timeout', async () => {
    const owner = await verifiedOwner(t, 'silent')
    const device = push.newSubscription()
    await subscribe(t, owner, device)
    push.failNext(device.endpoint, 'hang')
    await buyNewWish(t, owner)
    await push.waitFor(device.endpoint, 1, 15_000)
    expect(push.requests(device.endpoint)).toBe(2)
    await until(async () => (await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, (await t.db.select({ u: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)))[0]?.u ?? ''))).length === 0)
  })

  it('five gifts in a burst: five pushes, three mails, then one summary of the other two', async () => {
    const owner = await verifiedOwner(t, 'burst')
    const device = push.newSubscription()
    await subscribe(t, owner, device)
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await buyNewWish(t, owner, `Gift ${name}`)
    await push.waitFor(device.endpoint, 5)
    const summary = await waitForMail(sink, owner.email, '2 more gifts were bought from your wishlist')
    expect(decodedBody(summary)).toContain('Gift Four')
    expect(decodedBody(summary)).toContain('Gift Five')
    await notificationsFor(t.deps).idle()
    const mails = sink.mails.filter((m) => m.envelopeTo.includes(owner.email.toLowerCase()) && !(m.headers.get('subject') ?? '').includes('Confirm'))
    expect(mails.map((m) => m.headers.get('subject')).sort()).toEqual([
      '2 more gifts were bought from your wishlist',
      'A gift was bought from your wishlist',
      'A gift was bought from your wishlist',
      'A gift was bought from your wishlist',
    ])
    const events = await t.db.select({ mailId: notificationEvents.mailId }).from(notificationEvents).innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notificationEvents.userId)).where(eq(pushSubscriptions.endpoint, device.endpoint))
    expect(new Set(events.map((e) => e.mailId)).size).toBe(4)
  })

  it('an order shipped by the provider is told once, with its tracking link in the mail', async () => {
    const config = { ...t.deps.config, printfulWebhookSecret: SECRET }
    const printProvider = printfulProvider({ token: printful.token, apiUrl: printful.url, timeoutMs: 2000, sleep: async () => {} })
    const shop = notifyingApp(t.deps.database, push, sink, scope, { config, printProvider })
    const owner = await verifiedOwner(shop, 'order')
    const device = push.newSubscription()
    await subscribe(shop, owner, device, { gifts: false })
    const created = await shop.request('POST', '/api/public/printful/orders', {
      token: owner.token,
      body: { recipient: { name: 'Ada', address1: 'Main 1', city: 'Berlin', country_code: 'DE', zip: '10115' }, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] },
    })
    expect(created.status).toBe(201)
    const trackingUrl = 'https://track.example/parcel/42'
    printful.update(created.json.providerOrderId, { status: 'fulfilled', shipments: [{ carrier: 'DHL', tracking_number: 'TN42', tracking_url: trackingUrl }] })
    const hook = { type: 'package_shipped', created: Math.floor(Date.now() / 1000), data: { order: { id: created.json.providerOrderId, external_id: created.json.externalId } } }
    expect((await shop.request('POST', `/api/webhooks/printful/${SECRET}`, { body: hook })).json).toMatchObject({ applied: true })
    // The same event again changes nothing, so it tells nothing.
    expect((await shop.request('POST', `/api/webhooks/printful/${SECRET}`, { body: hook })).json).toMatchObject({ applied: false })
    const [got] = await push.waitFor(device.endpoint)
    expect(got?.json).toMatchObject({ type: 'order', title: 'Your shirt is on its way', url: '/dashboard?view=order' })
    const mail = await waitForMail(sink, owner.email, 'Your shirt is on its way')
    expect(decodedBody(mail)).toContain(trackingUrl)
    await notificationsFor(shop.deps).idle()
    expect(push.messages(device.endpoint)).toHaveLength(1)
  })
})

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
