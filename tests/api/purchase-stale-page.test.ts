// A visitor's page older than the owner's last edit (decision 206): a purchase happens only for the name and price the
// visitor confirmed, and only while the profile still shows a wishlist; a refusal writes nothing.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notificationEvents, users } from '../../server/db/schema.ts'
import { itemChangedMessage, PURCHASE_MESSAGES, PURCHASE_REFUSALS } from '../../src/contract/purchase.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner, validItem } from './owner-helpers.ts'

describeEachDatabase('a purchase from a page older than the owner\'s edit', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const buy = (o: Owner, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('POST', `/api/public/profiles/${o.shareableId}/purchases`, { body, headers })
  const edit = (o: Owner, itemId: string, change: Record<string, unknown>) =>
    t.request('PUT', `/api/wishlist-items/${itemId}`, { token: o.token, body: validItem({ name: 'Blue mug', price: 12.5, ...change }) })

  /** Everything a purchase writes: the item's state, its records, the owner's gift notices and change counter. */
  async function written(o: Owner, itemId: string) {
    const item = await t.request('GET', `/api/wishlist-items/${itemId}`, { token: o.token })
    const records = await t.request('GET', '/api/purchase-records', { token: o.token })
    const [user] = await t.db.select({ id: users.id, changeSeq: users.changeSeq }).from(users).where(eq(users.email, o.email))
    const gifts = await t.db.select({ kind: notificationEvents.kind }).from(notificationEvents).where(eq(notificationEvents.userId, user?.id ?? ''))
    return {
      isPurchased: item.json.isPurchased as boolean,
      records: (records.json as { wishlistItemId: string }[]).filter((r) => r.wishlistItemId === itemId).length,
      gifts: gifts.filter((e) => e.kind === 'gift').length,
      changeSeq: user?.changeSeq,
    }
  }

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'stalepage')
  })

  describe('the name and price the visitor confirmed', () => {
    it.each([
      ['the price changed to 45', { price: 45 }, { name: 'Blue mug', price: 45 }],
      ["renamed 'Gold watch' at 4999", { name: 'Gold watch', price: 4999 }, { name: 'Gold watch', price: 4999 }],
    ])('%s: 409 naming what the gift is now, and nothing written', async (_, change, now) => {
      const item = await createItem(t, owner, { name: 'Blue mug', price: 12.5 })
      expect((await edit(owner, item.id, change)).status).toBe(200)
      const before = await written(owner, item.id)

      const res = await buy(owner, { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 12.5 } })
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ message: itemChangedMessage(now), reason: PURCHASE_REFUSALS.itemChanged })
      expect(res.json.message).toContain(now.price === 45 ? "it is now 'Blue mug' at €45.00" : "it is now 'Gold watch' at €4,999.00")
      expect(before).toMatchObject({ isPurchased: false, records: 0 })
      expect(await written(owner, item.id)).toEqual(before)
    })

    it('unchanged: bought at the price the visitor saw, as before', async () => {
      const item = await createItem(t, owner, { name: 'Red scarf', price: 30 })
      const res = await buy(owner, { wishlistItemId: item.id, shown: { name: 'Red scarf', price: 30 } })
      expect(res.status).toBe(201)
      expect(res.json).toMatchObject({ wishlistItemId: item.id, purchasedPrice: 30 })
      expect(await written(owner, item.id)).toMatchObject({ isPurchased: true, records: 1 })
    })

    it('a price the page got as 19.9 matches the stored 19.90', async () => {
      const item = await createItem(t, owner, { name: 'Puzzle', price: 19.9 })
      expect((await buy(owner, { wishlistItemId: item.id, shown: { name: 'Puzzle', price: 19.9 } })).status).toBe(201)
    })

    it('a page from before the check (no shown values) buys as it did, at the price of now', async () => {
      const item = await createItem(t, owner, { name: 'Blue mug', price: 12.5 })
      await edit(owner, item.id, { price: 45 })
      const res = await buy(owner, { wishlistItemId: item.id })
      expect(res.status).toBe(201)
      expect(res.json.purchasedPrice).toBe(45)
    })

    it('a gift bought meanwhile is still said as bought, whatever the page showed', async () => {
      const item = await createItem(t, owner, { name: 'Blue mug', price: 12.5 })
      await buy(owner, { wishlistItemId: item.id })
      const res = await buy(owner, { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 99 } })
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ message: PURCHASE_MESSAGES.alreadyPurchased })
    })

    it('a retry with the same Idempotency-Key after a success gets the first answer, even once the owner changed the gift', async () => {
      const item = await createItem(t, owner, { name: 'Blue mug', price: 12.5 })
      const key = newKey()
      const body = { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 12.5 } }
      const first = await buy(owner, body, { 'Idempotency-Key': key })
      expect(first.status).toBe(201)
      await edit(owner, item.id, { name: 'Gold watch', price: 4999 })
      const retries: Record<string, string>[] = [{ 'Idempotency-Key': key }, { 'Idempotency-Key': key, 'Idempotency-Replay-Only': '1' }]
      for (const headers of retries) {
        const again = await buy(owner, body, headers)
        expect(again.status).toBe(201)
        expect(again.json).toEqual(first.json)
      }
      expect(await written(owner, item.id)).toMatchObject({ isPurchased: true, records: 1 })
    })

    it('a refusal is not kept for its key: the same attempt sent again is refused again, not replayed as bought', async () => {
      const item = await createItem(t, owner, { name: 'Blue mug', price: 12.5 })
      await edit(owner, item.id, { price: 45 })
      const key = newKey()
      const body = { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 12.5 } }
      expect((await buy(owner, body, { 'Idempotency-Key': key })).status).toBe(409)
      expect((await buy(owner, body, { 'Idempotency-Key': key })).status).toBe(409)
      // The visitor, now shown €45.00, confirms again: a new attempt buys it at that price.
      const bought = await buy(owner, { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 45 } }, { 'Idempotency-Key': newKey() })
      expect(bought.status).toBe(201)
      expect(bought.json.purchasedPrice).toBe(45)
    })

    it.each([
      ['a name that is not text', { name: 5, price: 12.5 }],
      ['a price that is not a number', { name: 'Blue mug', price: '12.5' }],
    ])('%s answers 400', async (_, shown) => {
      const item = await createItem(t, owner)
      expect((await buy(owner, { wishlistItemId: item.id, shown })).status).toBe(400)
    })
  })

  describe('a profile switched away from Wishlist', () => {
    it.each([
      ['Custom text', { profileType: 'CUSTOM_TEXT', customText: 'Now I just share text' }],
      ['Redirect', { profileType: 'REDIRECT', redirectUrl: 'https://example.org/' }],
    ])('%s: the purchase is refused and nothing written', async (_, change) => {
      const switched = await signUpOwner(t, 'switched')
      const item = await createItem(t, switched, { name: 'Blue mug', price: 12.5 })
      expect((await t.request('PUT', '/api/profiles', { token: switched.token, body: change })).status).toBe(200)
      const before = await written(switched, item.id)
      for (const body of [{ wishlistItemId: item.id }, { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 12.5 } }]) {
        const res = await buy(switched, body)
        expect(res.status).toBe(409)
        expect(res.json).toEqual({ message: PURCHASE_MESSAGES.notWishlist, reason: PURCHASE_REFUSALS.notWishlist })
      }
      expect(before).toMatchObject({ isPurchased: false, records: 0, gifts: 0 })
      expect(await written(switched, item.id)).toEqual(before)
    })

    it('a message for a purchase made while it was a wishlist is still taken', async () => {
      const switched = await signUpOwner(t, 'switchmsg')
      const item = await createItem(t, switched, { name: 'Blue mug', price: 12.5 })
      const bought = await buy(switched, { wishlistItemId: item.id, shown: { name: 'Blue mug', price: 12.5 } })
      await t.request('PUT', '/api/profiles', { token: switched.token, body: { profileType: 'CUSTOM_TEXT', customText: 'Now I just share text' } })
      const res = await t.request('POST', `/api/public/profiles/${switched.shareableId}/purchases/${bought.json.purchaseId}/message`, {
        body: { email: 'ada@example.com', message: 'Happy birthday!' },
      })
      expect(res.status).toBe(204)
    })
  })
})
