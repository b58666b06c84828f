// Local writes queue only what changed, fold later edits into the unsent entry, and keep image picks a change of their own.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabase, sampleItemFields, seedProfile } from './testing.ts'
import { attachItemImage, createItem, deleteItem, PENDING_IMAGE_ID, setProfilePhoto, updateItem, updateProfileSettings } from './writes.ts'

const png = () => new Blob(['png'], { type: 'image/png' })
const bodies = async (db: ReturnType<typeof freshDatabase>) => (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.body)

describe('an entry carries only what changed, and later edits are folded into it until it goes out', () => {
  it('repeated edits of one unsent item are one entry with the changed fields only', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await db.outbox.toCollection().modify({ sent: true })
    await updateItem(db, id, { ...sampleItemFields('Red kite') })
    await updateItem(db, id, { ...sampleItemFields('Red kite'), price: 30 })
    await updateItem(db, id, { ...sampleItemFields('Blue kite'), price: 30 })
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries).toHaveLength(2)
    expect(entries[1]).toMatchObject({ method: 'PUT', body: { name: 'Blue kite', price: 30 }, target: { kind: 'update', fields: ['name', 'price'] } })
    expect(await db.items.get(id)).toMatchObject({ name: 'Blue kite', price: 30, brand: 'Bikes Inc' })
  })

  it('an edit of an item whose create has not gone out is folded into the create', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await updateItem(db, id, { price: 7 })
    expect(await bodies(db)).toEqual([{ ...sampleItemFields('Kite'), id, price: 7 }])
  })

  it('once the entry was handed to a push, the next edit is an entry of its own', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await updateItem(db, id, { name: 'Red kite' })
    await db.outbox.toCollection().modify({ sent: true })
    await updateItem(db, id, { name: 'Blue kite' })
    expect((await bodies(db)).slice(1)).toEqual([{ name: 'Blue kite' }])
  })

  it('an edit that changes nothing writes nothing', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await db.outbox.clear()
    await updateItem(db, id, sampleItemFields('Kite'))
    await updateItem(db, id, {})
    expect(await db.outbox.count()).toBe(0)
  })

  it('settings: only changed fields, the visibility switch only when it moved; folded while unsent', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db, { isPublic: true, description: 'Hello' })
    await updateProfileSettings(db, { description: 'Hello', isPublic: true, contactInfo: 'new@example.test' })
    await updateProfileSettings(db, { description: 'Written later', isPublic: true })
    expect(await bodies(db)).toEqual([{ contactInfo: 'new@example.test', description: 'Written later' }])
    await db.outbox.toCollection().modify({ sent: true })
    await updateProfileSettings(db, { isPublic: false })
    expect((await bodies(db)).slice(1)).toEqual([{ isPublic: false }])
  })

  it('an image pick is not folded into a text entry, and a text edit is not folded into an image pick', async () => {
    const db = freshDatabase('merge')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'), png())
    await updateItem(db, id, { name: 'Red kite' })
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => entry.body)).toEqual([{ ...sampleItemFields('Red kite'), id }, { storedImageId: PENDING_IMAGE_ID }])
    expect(entries[1]?.imageRef).toBeTruthy()
  })
})

describe('image picks: superseded when refused, dropped with an unsent item', () => {
  it('a new pick replaces a refused one (entry and blob); a pending one stays in line', async () => {
    const db = freshDatabase('images')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'))
    await attachItemImage(db, id, png())
    const [, refused] = await db.outbox.orderBy('seq').toArray()
    await db.outbox.update(refused?.seq ?? 0, { status: 'failed', lastError: 'Unsupported image format' })
    await attachItemImage(db, id, png())
    await attachItemImage(db, id, png())
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => entry.status)).toEqual(['pending', 'pending', 'pending'])
    expect(await db.pendingImages.get(refused?.imageRef ?? '')).toBeUndefined()
    expect(await db.pendingImages.count()).toBe(2)
  })

  it('deleting an item drops its image picks that never went out', async () => {
    const db = freshDatabase('images')
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields('Kite'), png())
    await deleteItem(db, id)
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.method)).toEqual(['POST', 'DELETE'])
    expect(await db.pendingImages.count()).toBe(0)
  })

  it('a new profile photo queues no delete of the previous one: the server deletes what it replaces', async () => {
    const db = freshDatabase('images')
    await seedProfile(db, { profileImageId: '11111111-1111-4111-8111-111111111111' })
    await setProfilePhoto(db, png())
    expect((await db.outbox.toArray()).map((entry) => `${entry.method} ${entry.path}`)).toEqual(['PUT /api/profiles'])
  })
})
