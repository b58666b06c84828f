import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { itemsQuery } from '../../local/queries.ts'
import { freshDatabase, seedProfile } from '../../local/testing.ts'
import { dropItemImage, pickItemImage, saveProduct } from './save-product.ts'

const values = { name: 'Blue bike', brand: 'Bikes Inc', price: 120.5, description: 'A bike that is blue and fast' }

describe('Save writes locally at once, with an outbox entry and no network', () => {
  it('a new item with a picked image appears in the wishlist and keeps the image as a pending Blob', async () => {
    const db = freshDatabase('wishlist')
    await seedProfile(db)
    const outcome = await saveProduct(db, undefined, values, new Blob(['png'], { type: 'image/png' }))
    expect(outcome).toMatchObject({ ok: true, mode: 'new' })
    const [item] = await itemsQuery(db)
    expect(item).toMatchObject({ name: 'Blue bike', price: 120.5 })
    expect(await db.pendingImages.get(item?.localImageId ?? '')).toMatchObject({ status: 'pending' })
    // The image is a change of its own behind the create: refused, it never costs the item (decision 084).
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => [entry.method, entry.body])).toEqual([
      ['POST', expect.not.objectContaining({ storedImageId: expect.anything() })],
      ['PUT', { storedImageId: 'pending-image' }],
    ])
  })

  it("without a local profile the create fails with 'Profile is not loaded. Please try again.'", async () => {
    const db = freshDatabase('wishlist')
    const outcome = await saveProduct(db, undefined, values, null)
    expect(outcome).toMatchObject({ ok: false, step: 'create' })
    expect(outcome.ok ? '' : String(outcome.error)).toContain('Profile is not loaded. Please try again.')
  })

  it('an edit changes the text fields; picking and removing the image are writes of their own', async () => {
    const db = freshDatabase('wishlist')
    await seedProfile(db)
    const created = await saveProduct(db, undefined, values, null)
    const id = created.ok ? created.id : ''
    expect(await saveProduct(db, id, { ...values, name: 'Red bike', price: '99' }, null)).toEqual({ ok: true, id, mode: 'edit' })
    await pickItemImage(db, id, new Blob(['jpg'], { type: 'image/jpeg' }))
    expect((await itemsQuery(db))[0]).toMatchObject({ name: 'Red bike', price: 99, localImageId: expect.any(String) })
    await dropItemImage(db, id)
    expect((await itemsQuery(db))[0]).toMatchObject({ localImageId: null, storedImageId: null })
    const bodies = (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.body)
    // The edit was folded into the create, which had not gone out yet.
    expect(bodies).toEqual([expect.objectContaining({ name: 'Red bike', price: 99 }), { storedImageId: 'pending-image' }, { removeStoredImage: true }])
  })

  it('an invalid form is refused before anything is stored', async () => {
    const db = freshDatabase('wishlist')
    await seedProfile(db)
    expect(await saveProduct(db, undefined, { ...values, brand: '' }, null)).toMatchObject({ ok: false, step: 'create' })
    expect(await db.items.count()).toBe(0)
  })
})
