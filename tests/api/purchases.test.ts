import { beforeAll, describe, expect, it } from 'vitest'
import { PURCHASE_MESSAGES } from '../../src/contract/purchase.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner } from './owner-helpers.ts'

describeEachDatabase('visitor purchases and purchase records', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const buy = (shareableId: string, wishlistItemId: string, headers: Record<string, string> = {}) =>
    t.request('POST', `/api/public/profiles/${shareableId}/purchases`, { body: { wishlistItemId }, headers })

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'gifted')
    await t.request('PUT', '/api/profiles', { token: owner.token, body: { contactInfo: 'Ring me: +49 170 1234567' } })
  })

  describe('the purchase flow', () => {
    it('records the purchase once and reveals the contact info only now', async () => {
      const item = await createItem(t, owner, { name: 'Board game', price: 34.5 })
      const publicView = await t.request('GET', `/api/profiles/${owner.shareableId}`)
      expect(publicView.text).not.toContain('Ring me')

      const res = await buy(owner.shareableId, item.id)
      expect(res.status).toBe(201)
      expect(res.json).toEqual({ purchaseId: expect.any(String), wishlistItemId: item.id, purchasedPrice: 34.5, purchasedAt: expect.any(String), contactInfo: 'Ring me: +49 170 1234567' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    it('what the owner then sees: the item purchased, a purchase record, and both in the sync feed', async () => {
      const { json: start } = await t.request('GET', '/api/sync/changes?cursor=0', { token: owner.token })
      const item = await createItem(t, owner, { name: 'Puzzle', price: 19.99 })
      const { json: mid } = await t.request('GET', `/api/sync/changes?cursor=${start.cursor}`, { token: owner.token })
      const bought = await buy(owner.shareableId, item.id)

      const seen = await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })
      expect(seen.json).toMatchObject({ isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: 19.99, price: 19.99 })

      const records = await t.request('GET', '/api/purchase-records', { token: owner.token })
      const record = records.json.find((r: { wishlistItemId: string }) => r.wishlistItemId === item.id)
      expect(Object.keys(record).sort()).toEqual(['id', 'priceAtPurchase', 'purchasedAt', 'undoneAt', 'visitorEmail', 'visitorMessage', 'wishlistItemId'])
      expect(record).toMatchObject({ id: bought.json.purchaseId, visitorEmail: null, visitorMessage: null, undoneAt: null })
      expect(record).toMatchObject({ priceAtPurchase: 19.99, purchasedAt: bought.json.purchasedAt })
      expect((await t.request('GET', `/api/purchase-records/${record.id}`, { token: owner.token })).json).toEqual(record)

      const { json: feed } = await t.request('GET', `/api/sync/changes?cursor=${mid.cursor}`, { token: owner.token })
      expect(feed.cursor).toBeGreaterThan(mid.cursor)
      expect(feed.items).toEqual([expect.objectContaining({ id: item.id, isPurchased: true, purchasedPrice: 19.99 })])
      expect(feed.purchases).toEqual([record])

      const publicView = await t.request('GET', `/api/profiles/${owner.shareableId}`)
      // Visitors see that it is bought, not what was paid.
      const visible = publicView.json.wishlist.find((i: { id: string }) => i.id === item.id)
      expect(visible).toMatchObject({ isPurchased: true })
      expect(visible).not.toHaveProperty('purchasedPrice')
    })

    it('buying an already purchased item answers 409 and records nothing more', async () => {
      const item = await createItem(t, owner)
      await buy(owner.shareableId, item.id)
      const again = await buy(owner.shareableId, item.id)
      expect(again.status).toBe(409)
      expect(again.json).toEqual({ message: PURCHASE_MESSAGES.alreadyPurchased })
      const records = await t.request('GET', '/api/purchase-records', { token: owner.token })
      expect(records.json.filter((r: { wishlistItemId: string }) => r.wishlistItemId === item.id)).toHaveLength(1)
    })

    it('parallel purchases of one item: exactly one succeeds', async () => {
      const item = await createItem(t, owner)
      const answers = await Promise.all([1, 2, 3].map(() => buy(owner.shareableId, item.id)))
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
    })

    it('an item of another profile answers 404 and stays unpurchased', async () => {
      const other = await signUpOwner(t, 'othergift')
      const theirs = await createItem(t, other)
      const res = await buy(owner.shareableId, theirs.id)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: PURCHASE_MESSAGES.itemNotFound })
      expect((await t.request('GET', `/api/wishlist-items/${theirs.id}`, { token: other.token })).json.isPurchased).toBe(false)
    })

    it('a missing or switched-off profile answers 404', async () => {
      const item = await createItem(t, owner)
      expect((await buy('nosuchprofile', item.id)).status).toBe(404)
      const hidden = await signUpOwner(t, 'hiddengift')
      const hiddenItem = await createItem(t, hidden)
      await t.request('PUT', '/api/profiles', { token: hidden.token, body: { isPublic: false } })
      const res = await buy(hidden.shareableId, hiddenItem.id)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ message: PURCHASE_MESSAGES.profileNotFound })
    })

    it('a retried purchase with the same Idempotency-Key gets the first answer, not 409', async () => {
      const item = await createItem(t, owner)
      const key = newKey()
      const first = await buy(owner.shareableId, item.id, { 'Idempotency-Key': key })
      const again = await buy(owner.shareableId, item.id, { 'Idempotency-Key': key })
      expect(first.status).toBe(201)
      expect(again.status).toBe(201)
      expect(again.json).toEqual(first.json)
    })

    it('a malformed item id answers 400', async () => {
      const res = await buy(owner.shareableId, 'nope')
      expect(res.status).toBe(400)
    })
  })

  describe('owner-only fields stay server-side', () => {
    it('the owner cannot set or clear purchase state by PUT', async () => {
      const item = await createItem(t, owner)
      await buy(owner.shareableId, item.id)
      const res = await t.request('PUT', `/api/wishlist-items/${item.id}`, {
        token: owner.token,
        body: { name: 'Renamed after purchase', isPurchased: false, purchasedPrice: 0, purchaseStatus: null },
      })
      expect(res.json).toMatchObject({ name: 'Renamed after purchase', isPurchased: true, purchaseStatus: 'PURCHASED' })
    })
  })

  describe('purchase records of another owner', () => {
    it('answer 404 like a missing id and never appear in their list', async () => {
      const item = await createItem(t, owner)
      await buy(owner.shareableId, item.id)
      const records = await t.request('GET', '/api/purchase-records', { token: owner.token })
      const record = records.json[0]
      const other = await signUpOwner(t, 'snoop')
      const theirs = await t.request('GET', `/api/purchase-records/${record.id}`, { token: other.token })
      const missing = await t.request('GET', '/api/purchase-records/00000000-0000-4000-8000-000000000000', { token: other.token })
      expect(theirs.status).toBe(404)
      expect(theirs.json).toEqual(missing.json)
      expect((await t.request('GET', '/api/purchase-records', { token: other.token })).json).toEqual([])
      expect((await t.request('GET', '/api/purchase-records')).status).toBe(401)
    })
  })
})
