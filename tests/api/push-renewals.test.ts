// Decision 182 on both databases, against the fake push service: a subscription the browser renewed while the app was
// closed (the service worker's pushsubscriptionchange) keeps its owner and switches under the new endpoint, and the
// next gift reaches it; nothing else can be moved that way.
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { pushSubscriptions } from '../../server/db/schema.ts'
import { notificationsFor } from '../../server/notifications/notifications.ts'
import { apiPaths } from '../../src/contract/api-paths.ts'
import { NOTIFICATION_MESSAGES } from '../../src/contract/notifications.ts'
import type { FakeSubscription } from '../fake-push-service.ts'
import { describeEachDatabase, type TestApp } from './harness.ts'
import { buyNewWish, notificationPeers, notifyingApp, subscribe, verifiedOwner } from './notification-helpers.ts'

const peers = notificationPeers()

const renewal = (old: FakeSubscription, next: FakeSubscription) => ({ oldEndpoint: old.endpoint, endpoint: next.endpoint, keys: next.keys })

describeEachDatabase('A push subscription renewed by the browser', (getDatabase, database) => {
  let t: TestApp
  beforeAll(async () => {
    t = notifyingApp(await getDatabase(), peers.push, peers.sink, `@renew-${database.name}.test`, { rateLimits: { pushRenewalsPerAddress: { max: 12, windowMs: 60_000 } } })
  })
  const renew = (body: unknown) => t.request('POST', apiPaths.pushRenewals, { body })
  const rowOf = async (endpoint: string) => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]

  it('moves the device to the new endpoint with its owner and switches, and the next gift reaches it', async () => {
    const owner = await verifiedOwner(t, 'renew')
    const [old, next] = [peers.push.newSubscription(), peers.push.newSubscription()]
    expect((await subscribe(t, owner, old, { orders: false })).status).toBe(201)
    const before = await rowOf(old.endpoint)

    expect((await renew(renewal(old, next))).status).toBe(204)
    expect(await rowOf(old.endpoint)).toBeUndefined()
    expect(await rowOf(next.endpoint)).toMatchObject({ id: before?.id, userId: before?.userId, gifts: true, orders: false, p256dh: next.keys.p256dh, auth: next.keys.auth })

    await buyNewWish(t, owner, 'Red scarf', 20)
    const [got] = await peers.push.waitFor(next.endpoint)
    expect(got?.json).toMatchObject({ type: 'purchase' })
    await notificationsFor(t.deps).idle()
    expect(peers.push.messages(old.endpoint)).toEqual([])
  })

  it('told twice, or after the app posted the new subscription itself, it is done; the old row does not linger', async () => {
    const owner = await verifiedOwner(t, 'renew-twice')
    const [old, next] = [peers.push.newSubscription(), peers.push.newSubscription()]
    await subscribe(t, owner, old)
    expect((await renew(renewal(old, next))).status).toBe(204)
    expect((await renew(renewal(old, next))).status).toBe(204)

    const [stale, posted] = [peers.push.newSubscription(), peers.push.newSubscription()]
    await subscribe(t, owner, stale)
    await subscribe(t, owner, posted)
    expect((await renew(renewal(stale, posted))).status).toBe(204)
    expect(await rowOf(stale.endpoint)).toBeUndefined()
    expect(await rowOf(posted.endpoint)).toMatchObject({ gifts: true, orders: true })
  })

  it('an endpoint nobody subscribed is not found, and a renewal never adds a device', async () => {
    const [unknown, next] = [peers.push.newSubscription(), peers.push.newSubscription()]
    const res = await renew(renewal(unknown, next))
    expect(res.status).toBe(404)
    expect(res.json.message).toBe(NOTIFICATION_MESSAGES.renewalNotFound)
    expect(await rowOf(next.endpoint)).toBeUndefined()
  })

  it('refuses a new endpoint outside the push services, and malformed keys, with their messages; the device stays', async () => {
    const owner = await verifiedOwner(t, 'renew-refused')
    const old = peers.push.newSubscription()
    await subscribe(t, owner, old)
    for (const endpoint of ['https://evil.example/push', 'http://10.0.0.1/push', 'https://169.254.169.254/latest/meta-data']) {
      const res = await renew({ ...renewal(old, peers.push.newSubscription()), endpoint })
      expect(res.status, endpoint).toBe(400)
      expect([NOTIFICATION_MESSAGES.endpoint, NOTIFICATION_MESSAGES.endpointHost]).toContain(res.json.message)
    }
    const badKeys = await renew({ ...renewal(old, peers.push.newSubscription()), keys: { p256dh: 'x' } })
    expect(badKeys.status).toBe(400)
    expect(badKeys.json.message).toBe(NOTIFICATION_MESSAGES.keys)
    expect(await rowOf(old.endpoint)).toMatchObject({ gifts: true })
  })

  it('refuses an old or new endpoint with a control character (NUL) with the endpoint’s message; the device stays', async () => {
    const owner = await verifiedOwner(t, 'renew-nul')
    const [old, next] = [peers.push.newSubscription(), peers.push.newSubscription()]
    await subscribe(t, owner, old)
    for (const body of [{ ...renewal(old, next), oldEndpoint: `${old.endpoint}\u0000` }, { ...renewal(old, next), endpoint: `${next.endpoint}\u0000` }]) {
      const res = await renew(body)
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(NOTIFICATION_MESSAGES.endpoint)
    }
    expect(await rowOf(old.endpoint)).toMatchObject({ gifts: true })
  })

  it('answers 429 past the per-address limit, before looking anything up', async () => {
    const probes = Array.from({ length: 12 }, () => renew(renewal(peers.push.newSubscription(), peers.push.newSubscription())))
    const statuses = (await Promise.all(probes)).map((res) => res.status)
    // Earlier tests of this file spent part of the 12; the rest are not-found, then the limit.
    expect(statuses).toContain(429)
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true)
  })
})
