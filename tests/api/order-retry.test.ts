// A draft order whose answer was lost (Printful slower than our timeout) is placed once (decision 208): the owner's
// retry with the same Idempotency-Key adopts the draft Printful made instead of making a second one, also when the
// first attempt reaches Printful only after the retry looked; another key is another order. Both databases, fake over HTTP.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { idempotencyKeys, orders, profiles } from '../../server/db/schema.ts'
import { printfulProvider, PROVIDER_MESSAGES } from '../../server/orders/print-provider/printful.ts'
import { type FakePrintful, startFakePrintful } from '../fakes/printful.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { newKey, type Owner, signUpOwner } from './owner-helpers.ts'

const de = { name: 'Grace Hopper', address1: 'Unter den Linden 1', city: 'Berlin', country_code: 'DE', zip: '10117' }
const body = { recipient: de, shipping: 'STANDARD', items: [{ variant_id: 4012, quantity: 1 }] }
const TIMEOUT_MS = 800

let fake: FakePrintful
beforeAll(async () => {
  fake = await startFakePrintful()
})
afterAll(() => fake.close())

/** A gate the fake holds a request behind until the test opens it. */
function gate() {
  let open = () => {}
  const until = new Promise<void>((resolve) => (open = resolve))
  return { until, open }
}

async function eventually(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describeEachDatabase('a draft order whose answer was lost is placed once', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  let userId: string
  const order = (key: string) => t.request('POST', '/api/public/printful/orders', { body, token: owner.token, headers: { 'Idempotency-Key': key } })
  const atFake = (externalId: string) => fake.orders.filter((o) => o.external_id === externalId)
  const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length
  const rows = async () => t.db.select({ id: orders.id, externalId: orders.externalId }).from(orders).where(eq(orders.userId, userId))

  beforeAll(async () => {
    const printProvider = printfulProvider({ token: fake.token, apiUrl: fake.url, timeoutMs: TIMEOUT_MS, sleep: async () => {} })
    t = new TestApp(await getDatabase(), { printProvider, rateLimits: { draftOrdersPerUser: { max: 50, windowMs: 86_400_000 } } })
    owner = await signUpOwner(t, 'slowpf')
    const [profile] = await t.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, owner.profileId))
    userId = profile?.userId ?? ''
    // The catalog and countries are read (and cached) before any order, so the faults below meet only order calls.
    expect((await t.request('GET', '/api/public/printful/products')).status).toBe(200)
    expect((await t.request('GET', '/api/public/printful/countries')).status).toBe(200)
  })

  it('Printful answers after our timeout: 504, and the retry with the same key adopts its draft: one order there and here', async () => {
    const key = newKey()
    const slow = gate()
    fake.inject({ kind: 'hold', until: slow.until, on: 'POST /orders' })
    const before = fake.orders.length
    const first = await order(key)
    expect([first.status, first.json.message]).toEqual([504, PROVIDER_MESSAGES.timeout])
    expect(await rows()).toEqual([])
    // Printful makes the draft after all, its answer going nowhere.
    slow.open()
    await eventually(() => fake.orders.length === before + 1, "Printful's late draft")
    const postsBefore = posts()
    const retry = await order(key)
    expect(retry.status).toBe(201)
    expect(posts()).toBe(postsBefore)
    expect(atFake(retry.json.externalId)).toHaveLength(1)
    expect(fake.orders.length).toBe(before + 1)
    expect(retry.json.providerOrderId).toBe(String(atFake(retry.json.externalId)[0]?.id))
    expect(await rows()).toEqual([{ id: retry.json.id, externalId: retry.json.externalId }])
  })

  it('the first attempt reaches Printful only after the retry looked: Printful refuses the second draft and the first is adopted', async () => {
    const key = newKey()
    const late = gate()
    const retried = gate()
    fake.inject({ kind: 'hold', until: late.until, on: 'POST /orders' })
    const first = await order(key)
    expect(first.status).toBe(504)
    fake.inject({ kind: 'hold', until: retried.until, on: 'POST /orders' })
    const before = fake.orders.length
    const postsBefore = posts()
    const retry = order(key)
    // The retry looked the order up (none yet) and its create is at Printful: now the first attempt's lands first.
    await eventually(() => posts() === postsBefore + 1, "the retry's create")
    late.open()
    await eventually(() => fake.orders.length === before + 1, "the first attempt's draft")
    retried.open()
    const answer = await retry
    expect(answer.status).toBe(201)
    expect(atFake(answer.json.externalId)).toHaveLength(1)
    expect(fake.orders.length).toBe(before + 1)
    expect(answer.json.providerOrderId).toBe(String(atFake(answer.json.externalId)[0]?.id))
    expect((await rows()).filter((row) => row.id === answer.json.id)).toHaveLength(1)
  })

  it('an order stored whose answer was lost afterwards is answered from our row, nothing sent to Printful', async () => {
    const key = newKey()
    const first = await order(key)
    expect(first.status).toBe(201)
    // As if the answer had failed after the insert: the stored answer is gone, the order's row is not.
    await t.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, userId), eq(idempotencyKeys.key, key)))
    const requests = fake.requests.length
    const again = await order(key)
    expect([again.status, again.json.id, again.json.providerOrderId]).toEqual([201, first.json.id, first.json.providerOrderId])
    expect(fake.requests.length).toBe(requests)
  })

  it('another key is another order, as before', async () => {
    const count = (await rows()).length
    const before = fake.orders.length
    const a = await order(newKey())
    const b = await order(newKey())
    expect([a.status, b.status]).toEqual([201, 201])
    expect(a.json.externalId).not.toBe(b.json.externalId)
    expect(fake.orders.length).toBe(before + 2)
    expect((await rows()).length).toBe(count + 2)
  })
})
