// Refusals for good against the real API: shown with Retry and Discard, never blocking pulls or unrelated entries; Retry is a new attempt.
import 'fake-indexeddb/auto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { images, wishlistItems } from '../../server/db/schema.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { ITEM_MESSAGES } from '../../src/contract/wishlist.ts'
import { discardOutboxEntry, retryOutboxEntry } from '../../src/local/outbox-actions.ts'
import { failedOutboxEntries, itemsQuery, pendingOutboxCount, profileQuery, purchasesQuery } from '../../src/local/queries.ts'
import { userIdFromAccessToken } from '../../src/local/session.ts'
import { attachItemImage, createItem, deleteItem, updateItem, updateProfileSettings } from '../../src/local/writes.ts'
import { writeMeta } from '../../src/local/meta.ts'
import { markSent } from '../../src/local/testing.ts'
import { createDevice } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem as createItemOnServer, signUpOwner, type Owner } from './owner-helpers.ts'
import { fixture, upload } from './upload-helpers.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })

describeEachDatabase('refused for good', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })
  const fetchOf =
    (app: TestApp): FetchLike =>
    (input, init) =>
      Promise.resolve(app.app.request(input, init))

  async function fillWishlist(owner: Owner, upTo: number) {
    const userId = userIdFromAccessToken(owner.token) ?? ''
    const have = (await t.request('GET', '/api/profiles', { token: owner.token })).json.wishlist.length as number
    await t.db.insert(wishlistItems).values(
      Array.from({ length: upTo - have }, (_, i) => ({
        id: crypto.randomUUID(),
        userId,
        profileId: owner.profileId,
        name: `Filler ${i}`,
        brand: 'B',
        description: 'Filled in by another device.',
        price: 1,
      })),
    )
  }

  it('the 201st item is refused: shown with Retry and Discard, pulls and unrelated entries go on, Retry succeeds once there is room', async () => {
    const owner = await signUpOwner(t, 'refused')
    const gift = await createItemOnServer(t, owner, { name: 'Bought by a visitor' })
    const device = await createDevice({ fetch: fetchOf(t), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')

    const overflow = await createItem(device.db, fields('One too many'))
    // The create went out once already, so the rename is an entry of its own (one that depends on the create).
    await markSent(device.db)
    await updateItem(device.db, overflow, fields('One too many, renamed', 30))
    await updateProfileSettings(device.db, { description: 'Written offline' })
    // Meanwhile another device fills the list and a visitor buys a gift.
    await fillWishlist(owner, LIMITS.wishlistItemsMax)
    const bought = await t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: gift.id } })
    expect(bought.status).toBe(201)

    expect(await device.engine.syncOnce()).toBe('synced')
    const [failed] = await failedOutboxEntries(device.db)
    expect(failed).toMatchObject({ error: ITEM_MESSAGES.tooManyItems })
    // The profile edit behind it does not depend on it and went; the rename of the refused item waits with it.
    expect((await t.request('GET', '/api/profiles', { token: owner.token })).json.description).toBe('Written offline')
    expect(await pendingOutboxCount(device.db)).toBe(1)
    // The pull ran: the purchase arrived; the refused item is still shown locally.
    expect((await purchasesQuery(device.db)).map((purchase) => purchase.wishlistItemId)).toEqual([gift.id])
    expect((await itemsQuery(device.db)).find((item) => item.id === gift.id)?.isPurchased).toBe(true)
    expect((await profileQuery(device.db))?.description).toBe('Written offline')
    expect(await device.db.items.get(overflow)).toMatchObject({ name: 'One too many, renamed' })
    // Nothing was stored for the held-back rename: the server never saw it.
    const serverIds = (await t.request('GET', '/api/profiles', { token: owner.token })).json.wishlist.map((item: { id: string }) => item.id)
    expect(serverIds).not.toContain(overflow)

    // A second pass does not resend the refused entry (it waits for the owner) and still syncs.
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await failedOutboxEntries(device.db)).toHaveLength(1)

    // The owner makes room on another device and presses Retry: a new attempt, not the stored 409 again.
    await t.request('DELETE', `/api/wishlist-items/${gift.id}`, { token: owner.token })
    await retryOutboxEntry(device.db, failed!.seq)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.outbox.count()).toBe(0)
    const onServer = (await t.request('GET', `/api/wishlist-items/${overflow}`, { token: owner.token })).json
    expect(onServer).toMatchObject({ name: 'One too many, renamed', price: 30 })
    expect((await itemsQuery(device.db)).find((item) => item.id === overflow)).toMatchObject({ name: 'One too many, renamed', price: 30 })
  })

  it('Discard of a refused create drops the entries of that item and its local row; everything else is kept', async () => {
    const owner = await signUpOwner(t, 'refused')
    const device = await createDevice({ fetch: fetchOf(t), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    const overflow = await createItem(device.db, fields('One too many'))
    await updateItem(device.db, overflow, fields('One too many, renamed'))
    await fillWishlist(owner, LIMITS.wishlistItemsMax)
    expect(await device.engine.syncOnce()).toBe('synced')
    const [failed] = await failedOutboxEntries(device.db)

    await discardOutboxEntry(device.db, failed!.seq)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.outbox.count()).toBe(0)
    expect(await device.db.items.get(overflow)).toBeUndefined()
    expect(await device.db.items.count()).toBe(LIMITS.wishlistItemsMax)
    expect(await device.db.notices.count()).toBe(0)
  })

  it('an edit of an item another device deleted, then deleted here too: the delete goes and nothing waits for the owner', async () => {
    const owner = await signUpOwner(t, 'gone')
    const here = await createDevice({ fetch: fetchOf(t), tokens: owner })
    const there = await createDevice({ fetch: fetchOf(t), tokens: owner })
    expect(await here.engine.syncOnce()).toBe('synced')
    const jacket = await createItem(here.db, fields('Rain jacket'))
    expect(await here.engine.syncOnce()).toBe('synced')
    expect(await there.engine.syncOnce()).toBe('synced')
    await deleteItem(there.db, jacket)
    expect(await there.engine.syncOnce()).toBe('synced')

    // Here, offline: an edit, then the delete. A push whose answer was lost has sent both. The next pull is a whole
    // snapshot (a feed reset, decision 088), which says nothing of an item this device no longer shows; the push
    // before it has the edit answered 'not found'.
    await updateItem(here.db, jacket, fields('Rain jacket, blue'))
    await deleteItem(here.db, jacket)
    await markSent(here.db)
    await writeMeta(here.db, 'cursor', 0)
    expect(await here.engine.syncOnce()).toBe('synced')

    // The refused edit is moot (its item's delete is queued), so the delete goes and nothing is left.
    expect(await failedOutboxEntries(here.db)).toEqual([])
    expect(await here.db.outbox.count()).toBe(0)
    expect(await here.db.items.count()).toBe(0)
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.id, jacket))).toEqual([])
  })

  it('an owner at the upload quota frees space and presses Retry: the upload is a new attempt and succeeds', async () => {
    const owner = await signUpOwner(t, 'quota')
    const png = fixture('small.png')
    const first = await upload(t, owner.token, png)
    expect(first.status).toBe(201)
    const [stored] = await t.db.select({ byteSize: images.byteSize }).from(images).where(eq(images.id, first.json.id))
    // A server whose quota holds exactly one such photo.
    const tight = new TestApp(t.deps.database, { storageQuotaBytes: stored!.byteSize })
    const device = await createDevice({ fetch: fetchOf(tight), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    const id = await createItem(device.db, fields('With a photo'))
    expect(await device.engine.syncOnce()).toBe('synced')
    await attachItemImage(device.db, id, new Blob([png], { type: 'image/png' }))

    expect(await device.engine.syncOnce()).toBe('synced')
    const [failed] = await failedOutboxEntries(device.db)
    expect(failed?.error).toMatch(/Storage quota exceeded/)

    expect((await tight.request('DELETE', `/api/uploads/${first.json.id}`, { token: owner.token })).status).toBe(204)
    await retryOutboxEntry(device.db, failed!.seq)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.outbox.count()).toBe(0)
    const onServer = (await tight.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json
    expect(onServer.storedImageId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await itemsQuery(device.db)).find((item) => item.id === id)?.storedImageId).toBe(onServer.storedImageId)
  })
})
