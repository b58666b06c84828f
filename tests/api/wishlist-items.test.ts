import { beforeAll, describe, expect, it } from 'vitest'
import { ITEM_MESSAGES, WishlistItemSchema } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner, validItem } from './owner-helpers.ts'

const ITEM_FIELDS = Object.keys(WishlistItemSchema.entries).sort()

describeEachDatabase('wishlist items', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t)
  })

  describe('happy path with the spec field names', () => {
    it('POST /api/wishlist-items/profile/{profileId} creates an item and answers it with every spec field', async () => {
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem() })
      expect(res.status).toBe(201)
      expect(Object.keys(res.json).sort()).toEqual(ITEM_FIELDS)
      expect(res.json).toMatchObject({
        name: 'Trail running shoes',
        description: 'Size 43, any colour but orange.',
        price: 119.9,
        brand: 'Salomon',
        imageUrl: null,
        productUrl: null,
        isPurchased: false,
        purchaseStatus: null,
        purchasedPrice: null,
        storedImageId: null,
      })
      expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    it('GET lists the profile items in creation order and GET /{id} answers one', async () => {
      const first = await createItem(t, owner, { name: 'First thing' })
      const second = await createItem(t, owner, { name: 'Second thing' })
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.status).toBe(200)
      const ids = list.json.map((item: { id: string }) => item.id)
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
      const one = await t.request('GET', `/api/wishlist-items/${first.id}`, { token: owner.token })
      expect(one.status).toBe(200)
      expect(one.json.name).toBe('First thing')
    })

    it('PUT /{id} with {name, description, price, brand} updates those fields', async () => {
      const item = await createItem(t, owner)
      const res = await t.request('PUT', `/api/wishlist-items/${item.id}`, {
        token: owner.token,
        body: { name: 'Road shoes', description: 'Any road shoe will do.', price: 80, brand: 'Asics' },
      })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ id: item.id, name: 'Road shoes', description: 'Any road shoe will do.', price: 80, brand: 'Asics' })
    })

    it('DELETE /{id} removes the item; it then answers 404', async () => {
      const item = await createItem(t, owner)
      const res = await t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token })
      expect(res.status).toBe(204)
      expect((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).status).toBe(404)
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.json.map((i: { id: string }) => i.id)).not.toContain(item.id)
    })

    it('every route needs a token', async () => {
      expect((await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`)).status).toBe(401)
      expect((await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { body: validItem() })).status).toBe(401)
    })
  })

  describe('validation with the spec messages', () => {
    it.each([
      [{ name: 'A' }, ITEM_MESSAGES.name],
      [{ name: '   ' }, ITEM_MESSAGES.name],
      [{ name: 42 }, ITEM_MESSAGES.name],
      [{ name: 'x'.repeat(201) }, ITEM_MESSAGES.nameMax],
      [{ description: 'too short' }, ITEM_MESSAGES.description],
      [{ description: 'd'.repeat(2001) }, ITEM_MESSAGES.descriptionMax],
      [{ price: -0.01 }, ITEM_MESSAGES.price],
      [{ price: '12' }, ITEM_MESSAGES.price],
      [{ price: 1.234 }, ITEM_MESSAGES.priceDecimals],
      [{ price: 1_000_000.01 }, ITEM_MESSAGES.priceMax],
      [{ brand: '' }, ITEM_MESSAGES.brand],
      [{ brand: 'b'.repeat(101) }, ITEM_MESSAGES.brandMax],
      [{ productUrl: 'javascript:alert(1)' }, ITEM_MESSAGES.productUrl],
      [{ imageUrl: 'data:image/png;base64,AAAA' }, ITEM_MESSAGES.imageUrlShape],
      [{ imageUrl: 'https://tracker.example/pixel.gif' }, ITEM_MESSAGES.imageUrlExternal],
      [{ storedImageId: 'not-a-uuid' }, ITEM_MESSAGES.id],
    ])('create with %j answers 400 %j', async (patch, message) => {
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem(patch) })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it.each([
      [{ name: '' }, ITEM_MESSAGES.name],
      [{ description: 'short' }, ITEM_MESSAGES.description],
      [{ price: -1 }, ITEM_MESSAGES.price],
      [{ price: 0.005 }, ITEM_MESSAGES.priceDecimals],
      [{ brand: '' }, ITEM_MESSAGES.brand],
      [{}, ITEM_MESSAGES.emptyUpdate],
      [{ isPurchased: true }, ITEM_MESSAGES.emptyUpdate],
    ])('update with %j answers 400 %j', async (patch, message) => {
      const item = await createItem(t, owner)
      const res = await t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: patch })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it('accepts the boundaries: name of 2, description of 10, price 0 and 2 decimals, brand of 1', async () => {
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
        token: owner.token,
        body: { name: 'ab', description: '0123456789', price: 0, brand: 'b' },
      })
      expect(res.status).toBe(201)
      const cents = await createItem(t, owner, { price: 19.99 })
      expect(cents.price).toBe(19.99)
    })

    it('answers malformed JSON with 400 {message}', async () => {
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
        token: owner.token,
        rawBody: '{"name":',
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(typeof res.json.message).toBe('string')
    })
  })

  describe('mass assignment', () => {
    it('ignores isPurchased, purchasedPrice, purchaseStatus, ids, userId and __proto__ on create', async () => {
      const body = JSON.parse(
        JSON.stringify({
          ...validItem(),
          isPurchased: true,
          purchasedPrice: 1,
          purchaseStatus: 'PURCHASED',
          userId: '00000000-0000-4000-8000-000000000000',
          profileId: '00000000-0000-4000-8000-000000000000',
          seq: 999999,
        }),
      )
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
        token: owner.token,
        rawBody: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"isPurchased":true},'),
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status).toBe(201)
      expect(res.json).toMatchObject({ isPurchased: false, purchasedPrice: null, purchaseStatus: null })
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.json.find((i: { id: string }) => i.id === res.json.id)).toBeDefined()
    })

    it('ignores purchase fields and ids next to a real change on update', async () => {
      const item = await createItem(t, owner)
      const res = await t.request('PUT', `/api/wishlist-items/${item.id}`, {
        token: owner.token,
        body: { name: 'Renamed item', id: '00000000-0000-4000-8000-000000000000', isPurchased: true, purchasedPrice: 5, purchaseStatus: 'PURCHASED' },
      })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ id: item.id, name: 'Renamed item', isPurchased: false, purchasedPrice: null, purchaseStatus: null })
    })
  })

  describe('another owner', () => {
    let other: Owner
    beforeAll(async () => {
      other = await signUpOwner(t, 'other')
    })

    it('answers 404 on every id route exactly like a missing id, and changes nothing', async () => {
      const item = await createItem(t, owner, { name: 'Mine alone' })
      const missing = '00000000-0000-4000-8000-000000000000'
      for (const [method, path, body] of [
        ['GET', `/api/wishlist-items/${item.id}`, undefined],
        ['PUT', `/api/wishlist-items/${item.id}`, { name: 'Stolen name' }],
        ['DELETE', `/api/wishlist-items/${item.id}`, undefined],
        ['GET', `/api/wishlist-items/profile/${owner.profileId}`, undefined],
        ['POST', `/api/wishlist-items/profile/${owner.profileId}`, validItem()],
      ] as const) {
        const theirs = await t.request(method, path, { token: other.token, body })
        const absent = await t.request(method, path.replace(item.id, missing).replace(owner.profileId, missing), { token: other.token, body })
        expect(theirs.status, `${method} ${path}`).toBe(404)
        expect(theirs.json).toEqual(absent.json)
      }
      const after = await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })
      expect(after.json.name).toBe('Mine alone')
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.json.some((i: { name: string }) => i.name === 'Stolen name')).toBe(false)
    })

    it('a malformed id answers 404 too', async () => {
      expect((await t.request('GET', '/api/wishlist-items/not-a-uuid', { token: owner.token })).status).toBe(404)
    })
  })

  describe('client-generated ids', () => {
    it('a create with a new client id keeps that id', async () => {
      const id = crypto.randomUUID()
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ id }) })
      expect(res.status).toBe(201)
      expect(res.json.id).toBe(id)
    })

    it('a repeated create with the same client id answers like the first create and makes one item', async () => {
      const id = crypto.randomUUID()
      const first = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ id }) })
      const again = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ id }) })
      expect(again.status).toBe(first.status)
      expect(again.json).toEqual(first.json)
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.json.filter((i: { id: string }) => i.id === id)).toHaveLength(1)
    })

    it('parallel creates with the same client id make one item', async () => {
      const id = crypto.randomUUID()
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ id }) })),
      )
      for (const res of answers) expect(res.status).toBe(201)
      const list = await t.request('GET', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token })
      expect(list.json.filter((i: { id: string }) => i.id === id)).toHaveLength(1)
    })

    it("another owner's client id answers 409 and leaves that item alone", async () => {
      const other = await signUpOwner(t, 'clientid')
      const mine = await createItem(t, owner, { name: 'Original item' })
      const res = await t.request('POST', `/api/wishlist-items/profile/${other.profileId}`, { token: other.token, body: validItem({ id: mine.id }) })
      expect(res.status).toBe(409)
      expect((await t.request('GET', `/api/wishlist-items/${mine.id}`, { token: owner.token })).json.name).toBe('Original item')
    })

    it('a create replayed after its item was deleted does not bring it back', async () => {
      const id = crypto.randomUUID()
      await createItem(t, owner, { id })
      await t.request('DELETE', `/api/wishlist-items/${id}`, { token: owner.token })
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ id }) })
      expect(res.status).toBe(409)
      expect((await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).status).toBe(404)
    })
  })
})
