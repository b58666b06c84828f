// Photos never destroy data: the server deletes what a new photo replaces, and a refused image costs neither the item nor the old photo.
import 'fake-indexeddb/auto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { images } from '../../server/db/schema.ts'
import { saveProduct } from '../../src/features/wishlist/save-product.ts'
import { discardOutboxEntry } from '../../src/local/outbox-actions.ts'
import { failedOutboxEntries, itemQuery, pendingOutboxCount, profileQuery } from '../../src/local/queries.ts'
import { attachItemImage, setProfilePhoto, updateItem, updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { pushFaultInjector } from './push-faults.ts'
import { fixture } from './upload-helpers.ts'

const values = { name: 'Blue bike', brand: 'Bikes Inc', price: 120, description: 'A bike that is blue and fast' }
const blob = (name: string, type: string) => new Blob([fixture(name)], { type })

/** Images the client could send and the server refuses for good: a format it does not take, a picture too large. */
const REFUSED = [
  { label: 'an unsupported format (SVG)', file: 'script.svg', type: 'image/svg+xml', reason: /Only JPEG, PNG, WebP and GIF images are accepted/ },
  { label: 'too many pixels', file: 'pixel-flood.png', type: 'image/png', reason: /Image dimensions are too large/ },
]

describeEachDatabase('photos never destroy data', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  async function syncedDevice(owner: Owner) {
    const faults = pushFaultInjector(t)
    const device = await createDevice({ fetch: faults.fetch, tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    return { device, faults }
  }
  const imageExists = async (id: string) => (await t.db.select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1
  const ownProfile = async (owner: Owner) => (await t.request('GET', '/api/profiles', { token: owner.token })).json

  for (const { label, file, type, reason } of REFUSED) {
    it(`a refused new profile photo (${label}) leaves the old photo on the server and on the device; the owner is told`, async () => {
      const owner = await signUpOwner(t, 'photo')
      const { device } = await syncedDevice(owner)
      await setProfilePhoto(device.db, blob('small.png', 'image/png'))
      expect(await device.engine.syncOnce()).toBe('synced')
      const old = await ownProfile(owner)
      expect(old.profileImageId).toMatch(/^[0-9a-f-]{36}$/)

      await setProfilePhoto(device.db, blob(file, type))
      await updateProfileSettings(device.db, { description: 'Written after the photo' })
      expect(await device.engine.syncOnce()).toBe('synced')

      const server = await ownProfile(owner)
      expect(server).toMatchObject({ profileImageId: old.profileImageId, profileImageUrl: old.profileImageUrl, description: 'Written after the photo' })
      expect(await imageExists(old.profileImageId)).toBe(true)
      expect(await profileQuery(device.db)).toMatchObject({ profileImageId: old.profileImageId, profileImageUrl: old.profileImageUrl, localImageId: null })
      const [failed] = await failedOutboxEntries(device.db)
      expect(failed).toMatchObject({ summary: 'Profile photo', error: expect.stringMatching(reason) })
      expect(failed?.error).toMatch(/^The photo was not saved/)
      expect(await pendingOutboxCount(device.db)).toBe(0)

      // Discard: the owner gives up the new photo; the old one stays everywhere.
      await discardOutboxEntry(device.db, failed!.seq)
      expect(await device.engine.syncOnce()).toBe('synced')
      expect((await ownProfile(owner)).profileImageId).toBe(old.profileImageId)
      expect(await imageExists(old.profileImageId)).toBe(true)
      expect(await profileQuery(device.db)).toMatchObject({ profileImageId: old.profileImageId, localImageId: null })
      expect(await device.db.outbox.count()).toBe(0)
    })

    it(`a new item whose image is refused (${label}) is saved without it, edits behind it go, and the owner is told`, async () => {
      const owner = await signUpOwner(t, 'photo')
      const { device } = await syncedDevice(owner)
      const saved = await saveProduct(device.db, undefined, values, blob(file, type))
      const id = saved.ok ? saved.id : ''
      await updateItem(device.db, id, { price: 99 })
      expect(await device.engine.syncOnce()).toBe('synced')

      const onServer = (await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json
      expect(onServer).toMatchObject({ id, name: 'Blue bike', price: 99, storedImageId: null })
      expect(await itemQuery(device.db, id)).toMatchObject({ name: 'Blue bike', price: 99, storedImageId: null, localImageId: null })
      const [failed] = await failedOutboxEntries(device.db)
      expect(failed).toMatchObject({ summary: 'Product image (Blue bike)', error: expect.stringMatching(reason) })
      expect(await pendingOutboxCount(device.db)).toBe(0)

      // A later edit of the item is not held back by the refused image.
      await updateItem(device.db, id, { name: 'Blue bike, renamed' })
      expect(await device.engine.syncOnce()).toBe('synced')
      expect((await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json.name).toBe('Blue bike, renamed')

      // Discard drops the image only: the product the owner typed stays.
      await discardOutboxEntry(device.db, failed!.seq)
      expect(await device.engine.syncOnce()).toBe('synced')
      expect((await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).status).toBe(200)
      expect(await itemQuery(device.db, id)).toMatchObject({ name: 'Blue bike, renamed', storedImageId: null })
      expect(await device.db.outbox.count()).toBe(0)
    })
  }

  it('the server deletes a replaced photo itself: a new profile photo and a new item image, with no delete sent by the client', async () => {
    const owner = await signUpOwner(t, 'photo')
    const { device, faults } = await syncedDevice(owner)
    await setProfilePhoto(device.db, blob('small.png', 'image/png'))
    const saved = await saveProduct(device.db, undefined, values, blob('small.webp', 'image/webp'))
    const id = saved.ok ? saved.id : ''
    expect(await device.engine.syncOnce()).toBe('synced')
    const oldPhoto = (await ownProfile(owner)).profileImageId as string
    const oldItemImage = (await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json.storedImageId as string
    expect(await imageExists(oldPhoto)).toBe(true)
    expect(await imageExists(oldItemImage)).toBe(true)

    await setProfilePhoto(device.db, blob('small.gif', 'image/gif'))
    await attachItemImage(device.db, id, blob('small.png', 'image/png'))
    expect(await device.engine.syncOnce()).toBe('synced')

    const newPhoto = (await ownProfile(owner)).profileImageId as string
    const newItemImage = (await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json.storedImageId as string
    expect([newPhoto, newItemImage]).not.toContain(null)
    expect(newPhoto).not.toBe(oldPhoto)
    expect(newItemImage).not.toBe(oldItemImage)
    expect(await imageExists(oldPhoto)).toBe(false)
    expect(await imageExists(oldItemImage)).toBe(false)
    expect(faults.executed.filter((op) => op.method === 'DELETE')).toEqual([])
    expect(await profileQuery(device.db)).toMatchObject({ profileImageId: newPhoto, localImageId: null })
    expect(await itemQuery(device.db, id)).toMatchObject({ storedImageId: newItemImage, localImageId: null })
    expect(await device.db.outbox.count()).toBe(0)
  })
})
