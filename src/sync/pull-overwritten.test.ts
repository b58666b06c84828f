import { describe, expect, it } from 'vitest'
import type { WishlistItem } from '../contract/wishlist.ts'
import { readMeta, writeMeta } from '../local/meta.ts'
import { outboxEntry } from '../local/outbox-queue.ts'
import { freshDatabase, seedProfile } from '../local/testing.ts'
import { pullChanges } from './pull.ts'
import { feed } from './testing.ts'

const camera = (price: number): WishlistItem => ({
  id: crypto.randomUUID(),
  name: 'Camera',
  brand: 'Canon',
  description: '',
  imageUrl: null,
  productUrl: null,
  price,
  isPurchased: false,
  purchaseStatus: null,
  purchasedPrice: null,
  storedImageId: null,
})

describe('pull: fields overwritten elsewhere (decision 201)', () => {
  it('an edit whose answer was lost, confirmed by the pull, is remembered before comparing: its echo says nothing, a later value does', async () => {
    const db = freshDatabase('pull-overwritten')
    await seedProfile(db)
    const item = camera(130)
    await db.items.put({ ...item, position: 1, localImageId: null })
    // Price 100 was acknowledged earlier; 130 went out, its answer was lost, and the server applied it (mutation 5).
    await writeMeta(db, 'acknowledged', [{ itemId: item.id, field: 'price', value: 100, at: new Date().toISOString() }])
    await writeMeta(db, 'deviceId', 'this-device')
    await writeMeta(db, 'cursor', 3)
    await db.outbox.add({
      ...outboxEntry({ method: 'PUT', path: `/api/wishlist-items/${item.id}`, body: { price: 130 }, target: { entity: 'item', id: item.id, kind: 'update', fields: ['price'] } }),
      sent: true,
      mutationId: 5,
    })

    await pullChanges(db, feed([{ cursor: 4, hasMore: false, lastMutationId: 5, items: [item] }]).transport)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.notices.count()).toBe(0)
    expect(await readMeta(db, 'acknowledged')).toEqual([expect.objectContaining({ field: 'price', value: 130 })])

    await pullChanges(db, feed([{ cursor: 5, hasMore: false, items: [{ ...item, price: 150 }] }]).transport)
    expect((await db.notices.toArray()).map((notice) => notice.message)).toEqual(["'Camera' — Price was changed on another device (now €150.00)."])
  })
})
