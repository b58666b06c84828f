import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { images, itemTombstones, profiles, purchaseRecords, users, wishlistItems } from '../../server/db/schema.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner } from './owner-helpers.ts'
import { fixture, upload } from './upload-helpers.ts'

// Each write of one owner takes the owner's row first (server/changes/change-seq.ts). Before that order, a delete
// locked the item and then the owner while an edit and a purchase locked the owner and then the item: PostgreSQL
// broke the resulting deadlocks by failing one of them (500). PGlite runs one statement at a time, so there the
// test checks the same end state without real parallelism.
describeEachDatabase('one lock order for every write', (getDatabase, { name }) => {
  const rounds = name === 'postgres' ? 40 : 8
  let t: TestApp
  let owner: Owner
  let userId: string
  beforeAll(async () => {
    // Many purchases of one wishlist from one address: well past the visitor limits, which are not under test here.
    const roomy = { max: 100_000, windowMs: 60_000 }
    t = new TestApp(await getDatabase(), { rateLimits: { visitorPurchasePerAddress: roomy, visitorPurchasePerProfile: roomy } })
    owner = await signUpOwner(t, 'locks')
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email))
    userId = user?.id ?? ''
  })

  it(`concurrent delete, edits and a visitor purchase of one item (${rounds} rounds) never answer 5xx`, async () => {
    // A cursor of 0 would ask for a snapshot, which carries no tombstones: start from a later one.
    await t.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'Before the rounds' } })
    const { json: start } = await t.request('GET', '/api/sync/changes?cursor=0', { token: owner.token })
    const outcomes: { id: string; purchased: boolean }[] = []
    for (let round = 0; round < rounds; round++) {
      const item = await createItem(t, owner, { name: `Round ${round}` })
      const calls = [
        () => t.request('DELETE', `/api/wishlist-items/${item.id}`, { token: owner.token }),
        () => t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { name: `Edited ${round}` } }),
        () => t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: item.id } }),
        () => t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { price: round + 1 } }),
        () => t.request('PUT', '/api/profiles', { token: owner.token, body: { description: `Round ${round}` } }),
      ]
      // A different start order each round, so every pair of writes gets to go first.
      const order = calls.map((_, i) => (i + round) % calls.length)
      const answers: Awaited<ReturnType<(typeof calls)[number]>>[] = []
      await Promise.all(order.map(async (i) => (answers[i] = await (calls[i] as (typeof calls)[number])())))
      const [deleted, edited, bought, repriced, profile] = answers.map((a) => a?.status)
      const detail = JSON.stringify(answers.map((a) => [a?.status, a?.json?.message]))
      expect(deleted, detail).toBe(204)
      expect([200, 404], detail).toContain(edited)
      expect([201, 404], detail).toContain(bought)
      expect([200, 404], detail).toContain(repriced)
      expect(profile, detail).toBe(200)
      outcomes.push({ id: item.id, purchased: bought === 201 })
    }

    for (const { id, purchased } of outcomes) {
      expect((await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).status).toBe(404)
      const tombstones = await t.db.select().from(itemTombstones).where(eq(itemTombstones.itemId, id))
      expect(tombstones).toHaveLength(1)
      const records = await t.db.select().from(purchaseRecords).where(eq(purchaseRecords.wishlistItemId, id))
      expect(records).toHaveLength(purchased ? 1 : 0)
    }

    // Every change took its own number from the owner's counter, and the counter is the highest of them.
    const seqs = [
      ...(await t.db.select({ seq: wishlistItems.seq }).from(wishlistItems).where(eq(wishlistItems.userId, userId))),
      ...(await t.db.select({ seq: itemTombstones.seq }).from(itemTombstones).where(eq(itemTombstones.userId, userId))),
      ...(await t.db.select({ seq: purchaseRecords.seq }).from(purchaseRecords).where(eq(purchaseRecords.userId, userId))),
    ].map((row) => Number(row.seq))
    expect(new Set(seqs).size).toBe(seqs.length)
    const [counter] = await t.db.select({ head: users.changeSeq }).from(users).where(eq(users.id, userId))
    const [profileRow] = await t.db.select({ seq: profiles.seq }).from(profiles).where(eq(profiles.userId, userId))
    expect(Number(counter?.head)).toBe(Math.max(...seqs, Number(profileRow?.seq)))

    // The owner's devices learn every deletion, and no deleted item comes back from a pull.
    const { json: feed } = await t.request('GET', `/api/sync/changes?cursor=${start.cursor}&limit=1000`, { token: owner.token })
    expect(feed.hasMore).toBe(false)
    expect([...feed.deletedItemIds].sort()).toEqual(outcomes.map((o) => o.id).sort())
    expect(feed.items).toEqual([])
  })

  it('creating an item with a photo while the photo is deleted: no 5xx, and no item ever points at a deleted image', async () => {
    const tries = name === 'postgres' ? 12 : 4
    for (let round = 0; round < tries; round++) {
      const photo = await upload(t, owner.token, fixture('small.png'))
      expect(photo.status).toBe(201)
      const [created, deleted] = await Promise.all([
        t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
          token: owner.token,
          body: { name: `With photo ${round}`, description: 'Racing its photo.', price: 5, brand: 'Acme', storedImageId: photo.json.id },
        }),
        t.request('DELETE', `/api/uploads/${photo.json.id}`, { token: owner.token }),
      ])
      expect(created.status).toBeLessThan(500)
      expect(deleted.status).toBeLessThan(500)
      if (created.status === 201) {
        const [row] = await t.db.select({ imageId: wishlistItems.storedImageId }).from(wishlistItems).where(eq(wishlistItems.id, created.json.id))
        if (row?.imageId) expect((await t.db.select({ id: images.id }).from(images).where(eq(images.id, row.imageId))).length).toBe(1)
      }
    }
  })
})
