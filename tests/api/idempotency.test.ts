import { beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { idempotencyKeys, users } from '../../server/db/schema.ts'
import { IDEMPOTENCY_MESSAGES, requestHash } from '../../server/http/idempotency.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner, validItem } from './owner-helpers.ts'
import { fixture, upload } from './upload-helpers.ts'

describeEachDatabase('Idempotency-Key', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const itemsOf = async (o: Owner) => (await t.request('GET', `/api/wishlist-items/profile/${o.profileId}`, { token: o.token })).json as { id: string; name: string }[]
  const post = (o: Owner, key: string, body: unknown = validItem()) =>
    t.request('POST', `/api/wishlist-items/profile/${o.profileId}`, { token: o.token, body, headers: { 'Idempotency-Key': key } })

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'idem')
  })

  describe('repeats get the first answer', () => {
    it('a repeated POST answers the first 201 and creates one item', async () => {
      const key = newKey()
      const before = (await itemsOf(owner)).length
      const first = await post(owner, key, validItem({ name: 'Only once' }))
      const again = await post(owner, key, validItem({ name: 'Only once' }))
      expect(first.status).toBe(201)
      expect(again.status).toBe(201)
      expect(again.json).toEqual(first.json)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect((await itemsOf(owner)).length).toBe(before + 1)
    })

    it('a repeated PUT answers the first result even after a later change', async () => {
      const item = await createItem(t, owner)
      const key = newKey()
      const first = await t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { name: 'Name one' }, headers: { 'Idempotency-Key': key } })
      await t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { name: 'Name two' } })
      const again = await t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { name: 'Name one' }, headers: { 'Idempotency-Key': key } })
      expect(again.json).toEqual(first.json)
      expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json.name).toBe('Name two')
    })

    it('a repeated DELETE answers 204 again instead of 404', async () => {
      const item = await createItem(t, owner)
      const key = newKey()
      const first = await t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token, headers: { 'Idempotency-Key': key } })
      const again = await t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token, headers: { 'Idempotency-Key': key } })
      expect([first.status, again.status]).toEqual([204, 204])
    })

    it('a repeated PUT /api/profiles and a repeated upload answer the first result', async () => {
      const key = newKey()
      const first = await t.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'Once.' }, headers: { 'Idempotency-Key': key } })
      const again = await t.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'Once.' }, headers: { 'Idempotency-Key': key } })
      expect(again.json).toEqual(first.json)
      const uploadKey = newKey()
      const a = await upload(t, owner.token, fixture('small.png'), { headers: { 'Idempotency-Key': uploadKey } })
      const b = await upload(t, owner.token, fixture('small.png'), { headers: { 'Idempotency-Key': uploadKey } })
      expect(a.status).toBe(201)
      expect(b.json).toEqual(a.json)
    })

    it('a validation failure is an answer too: the repeat gets the same 400', async () => {
      const key = newKey()
      const first = await post(owner, key, validItem({ name: 'x' }))
      const again = await post(owner, key, validItem({ name: 'x' }))
      expect(first.status).toBe(400)
      expect(again.status).toBe(400)
      expect(again.json).toEqual(first.json)
    })
  })

  describe('conflicts', () => {
    it('the same key with a different body answers 422 and changes nothing', async () => {
      const key = newKey()
      await post(owner, key, validItem({ name: 'Body one' }))
      const before = (await itemsOf(owner)).length
      const res = await post(owner, key, validItem({ name: 'Body two' }))
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ message: IDEMPOTENCY_MESSAGES.reusedWithOtherRequest })
      expect((await itemsOf(owner)).length).toBe(before)
    })

    it('the same key on another path answers 422', async () => {
      const key = newKey()
      await post(owner, key)
      const res = await t.request('PUT', '/api/profiles', { token: owner.token, body: validItem(), headers: { 'Idempotency-Key': key } })
      expect(res.status).toBe(422)
    })

    it('parallel repeats: one runs, the others answer 409 or the same result, and one item exists', async () => {
      const key = newKey()
      const name = `Parallel ${key}`
      const answers = await Promise.all([1, 2, 3, 4].map(() => post(owner, key, validItem({ name }))))
      const ran = answers.filter((r) => r.status === 201)
      expect(ran.length).toBeGreaterThanOrEqual(1)
      for (const r of ran) expect(r.json).toEqual(ran[0]?.json)
      for (const r of answers.filter((a) => a.status !== 201)) {
        expect(r.status).toBe(409)
        expect(r.json).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress })
      }
      expect((await itemsOf(owner)).filter((i) => i.name === name)).toHaveLength(1)
    })

    it('the same key while the first request is still running answers 409 with Retry-After; an abandoned one is taken over', async () => {
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
      const key = newKey()
      const body = JSON.stringify(validItem({ name: 'Running elsewhere' }))
      const path = `/api/wishlist-items/profile/${owner.profileId}`
      const startedAt = t.clock.now()
      await t.db.insert(idempotencyKeys).values({ scope: user?.id ?? '', key, requestHash: requestHash('POST', path, new TextEncoder().encode(body)), createdAt: startedAt })
      const send = () => t.request('POST', path, { token: owner.token, rawBody: body, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key } })
      const running = await send()
      expect(running.status).toBe(409)
      expect(running.json).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress })
      expect(running.headers.get('retry-after')).toBe('1')
      // A process that died mid-request leaves its row running; after two minutes a retry may run instead.
      await t.db.update(idempotencyKeys).set({ createdAt: new Date(startedAt.getTime() - 3 * 60 * 1000) }).where(eq(idempotencyKeys.key, key))
      const retried = await send()
      expect(retried.status).toBe(201)
      expect((await send()).json).toEqual(retried.json)
    })

    it('a malformed key answers 400', async () => {
      const res = await post(owner, 'has space')
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message: IDEMPOTENCY_MESSAGES.keyShape })
    })
  })

  describe('scope and lifetime', () => {
    it('keys are scoped to the user: another owner with the same key gets their own result', async () => {
      const other = await signUpOwner(t, 'idem2')
      const key = newKey()
      const mine = await post(owner, key)
      const theirs = await post(other, key)
      expect(theirs.status).toBe(201)
      expect(theirs.json.id).not.toBe(mine.json.id)
      expect((await itemsOf(other)).map((i) => i.id)).toEqual([theirs.json.id])
    })

    it('a key is still honoured 25 hours later, and forgotten after 48 hours', async () => {
      const local = new TestApp(await getDatabase())
      const o = await signUpOwner(local, 'idemclock')
      const key = newKey()
      const send = () => local.request('POST', `/api/wishlist-items/profile/${o.profileId}`, { token: o.token, body: validItem(), headers: { 'Idempotency-Key': key } })
      const first = await send()
      local.clock.advance(25 * 60 * 60 * 1000)
      const o2 = await local.request('POST', '/api/auth/login', { body: { email: o.email, password: o.password } })
      const token = o2.json.token as string
      const replay = await local.request('POST', `/api/wishlist-items/profile/${o.profileId}`, { token, body: validItem(), headers: { 'Idempotency-Key': key } })
      expect(replay.json).toEqual(first.json)
      // Age only this row past 48 hours (moving the clock that far would purge other tests' rows on a shared database),
      // then let the next purge window open.
      await local.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 49 * 60 * 60 * 1000) }).where(eq(idempotencyKeys.key, key))
      local.clock.advance(11 * 60 * 1000)
      const fresh = await local.request('POST', `/api/wishlist-items/profile/${o.profileId}`, { token, body: validItem(), headers: { 'Idempotency-Key': key } })
      expect(fresh.status).toBe(201)
      expect(fresh.json.id).not.toBe(first.json.id)
    })
  })
})

describeEachDatabase('Idempotency-Key without a signed-in user (visitor purchases)', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const buy = (shareableId: string, wishlistItemId: string, key: string) =>
    t.request('POST', `/api/public/profiles/${shareableId}/purchases`, { body: { wishlistItemId }, headers: { 'Idempotency-Key': key } })
  const rowsFor = (keys: string[]) => t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys))

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'idemvisitor')
  })

  it('refused purchases leave no rows behind, whatever keys they carry', async () => {
    const bought = await createItem(t, owner)
    expect((await buy(owner.shareableId, bought.id, newKey())).status).toBe(201)
    const refusals = [
      [owner.shareableId, bought.id, 409],
      ['no-such-profile', bought.id, 404],
      [owner.shareableId, crypto.randomUUID(), 404],
      [owner.shareableId, 'not-a-uuid', 400],
    ] as const
    const keys = refusals.map(() => newKey())
    const answers = await Promise.all(refusals.map(([shareableId, itemId], i) => buy(shareableId, itemId, keys[i] ?? '')))
    expect(answers.map((res) => res.status)).toEqual(refusals.map(([, , status]) => status))
    expect(await rowsFor(keys)).toEqual([])
  })

  it('a refused purchase retried with its key runs again instead of replaying the refusal', async () => {
    const item = await createItem(t, owner)
    const key = newKey()
    const early = await buy('no-such-profile', item.id, key)
    const again = await buy('no-such-profile', item.id, key)
    expect([early.status, again.status]).toEqual([404, 404])
    expect(again.headers.get('idempotent-replayed')).toBeNull()
  })

  describe('a random key (as the pages send) is its own scope; any other key is scoped by the address (decision 196)', () => {
    let behindProxy: TestApp
    beforeAll(() => {
      behindProxy = new TestApp(t.deps.database, { config: { ...t.deps.config, trustProxy: 1 } })
    })
    const buyFrom = (address: string, wishlistItemId: string, key: string) =>
      behindProxy.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, {
        body: { wishlistItemId },
        headers: { 'Idempotency-Key': key, 'X-Forwarded-For': address },
      })
    const scopesOf = (key: string) => t.db.select({ scope: idempotencyKeys.scope }).from(idempotencyKeys).where(inArray(idempotencyKeys.key, [key]))

    it.each([
      ['a UUID', () => crypto.randomUUID()],
      ['32 hex digits (getRandomValues on plain http)', () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex')],
    ])('%s: the retry from another address (Wi-Fi, then mobile data) gets the first answer', async (_, makeKey) => {
      const item = await createItem(t, owner)
      const key = makeKey()
      const first = await buyFrom('198.51.100.7', item.id, key)
      const retry = await buyFrom('203.0.113.50', item.id, key)
      expect(first.status).toBe(201)
      expect(retry.status).toBe(201)
      expect(retry.json).toEqual(first.json)
      expect(retry.headers.get('idempotent-replayed')).toBe('true')
      expect(await scopesOf(key)).toEqual([{ scope: 'public:random-key' }])
    })

    it.each([
      ['a short one', (id: string) => `key-${id.slice(0, 4)}`],
      ['the nil UUID', () => '00000000-0000-0000-0000-000000000000'],
      ['32 zeros', () => '0'.repeat(32)],
      ['a UUID of another version', (id: string) => `${id.slice(0, 14)}1${id.slice(15)}`],
    ])('a guessable key (%s) from another address is not the first caller\'s: 409 for the item, no replay', async (_, keyOf) => {
      const item = await createItem(t, owner)
      const key = keyOf(item.id)
      // Addresses of this run only: a constant key from a fixed address would meet an earlier run's row on PostgreSQL.
      const run = crypto.randomUUID().slice(0, 4)
      expect((await buyFrom(`2001:db8:1::${run}`, item.id, key)).status).toBe(201)
      const stranger = await buyFrom(`2001:db8:2::${run}`, item.id, key)
      expect(stranger.status).toBe(409)
      expect(stranger.headers.get('idempotent-replayed')).toBeNull()
      expect(stranger.json.purchaseId).toBeUndefined()
    })
  })

  it('replay-only (a page asking after a reload) answers the stored answer, and never runs a first purchase', async () => {
    const item = await createItem(t, owner)
    const replayOnly = (key: string) =>
      t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, {
        body: { wishlistItemId: item.id },
        headers: { 'Idempotency-Key': key, 'Idempotency-Replay-Only': '1' },
      })
    const unseen = crypto.randomUUID()
    const nothing = await replayOnly(unseen)
    expect([nothing.status, nothing.json]).toEqual([404, { message: IDEMPOTENCY_MESSAGES.nothingToReplay }])
    expect(await rowsFor([unseen])).toEqual([])
    expect((await t.request('GET', `/api/profiles/${owner.shareableId}`)).json.wishlist.find((gift: { id: string }) => gift.id === item.id).isPurchased).toBe(false)

    const key = crypto.randomUUID()
    const first = await buy(owner.shareableId, item.id, key)
    const again = await replayOnly(key)
    expect([again.status, again.json, again.headers.get('idempotent-replayed')]).toEqual([201, first.json, 'true'])
  })

  it('a purchase that happened keeps its key, so its retry gets the first answer', async () => {
    const item = await createItem(t, owner)
    const key = newKey()
    const first = await buy(owner.shareableId, item.id, key)
    const retry = await buy(owner.shareableId, item.id, key)
    expect(first.status).toBe(201)
    expect(retry.json).toEqual(first.json)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await rowsFor([key])).toEqual([{ key }])
  })
})
