import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { discardOutboxEntry, retryOutboxEntry } from './outbox-actions.ts'
import { failedOutboxEntries, itemsQuery, localSyncStatusQuery, pendingOutboxCount, profileQuery } from './queries.ts'
import { claimLocalDataFor, clearLocalData, userIdFromAccessToken } from './session.ts'
import { freshDatabase, sampleItemFields, seedProfile } from './testing.ts'
import { LocalStorageFullError, ProfileNotLoadedError } from './write-errors.ts'
import {
  attachItemImage,
  createItem,
  deleteItem,
  PENDING_IMAGE_ID,
  removeItemImage,
  removeProfilePhoto,
  setProfilePhoto,
  updateItem,
  updateProfileSettings,
} from './writes.ts'
import { readMeta } from './meta.ts'

describe('owner writes: one transaction that changes the rows and appends the outbox entry', () => {
  it('creating an item shows it at once and queues POST /api/wishlist-items/profile/{profileId} with a client id', async () => {
    const db = freshDatabase()
    const profile = await seedProfile(db)
    const id = await createItem(db, sampleItemFields())
    expect((await itemsQuery(db)).map((item) => item.id)).toEqual([id])
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ method: 'POST', path: `/api/wishlist-items/profile/${profile.id}`, status: 'pending' })
    expect(entry?.body).toMatchObject({ id, name: 'Blue bike', price: 120.5 })
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('every entry gets a fresh idempotency key, in write order', async () => {
    const db = freshDatabase()
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields())
    // The create went out once (its answer may be lost), so the rename cannot be folded into it.
    await db.outbox.toCollection().modify({ sent: true })
    await updateItem(db, id, sampleItemFields('Red bike'))
    await deleteItem(db, id)
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => entry.method)).toEqual(['POST', 'PUT', 'DELETE'])
    expect(entries[1]?.body).toEqual({ name: 'Red bike' })
    expect(new Set(entries.map((entry) => entry.idempotencyKey)).size).toBe(3)
    expect(await itemsQuery(db)).toEqual([])
    expect(await pendingOutboxCount(db)).toBe(3)
  })

  it("deleting an item answers its refused edits: nothing is left to Retry or Discard, other items' refusals stay", async () => {
    const db = freshDatabase()
    await seedProfile(db)
    const lamp = await createItem(db, sampleItemFields('Desk lamp'))
    const chair = await createItem(db, sampleItemFields('Chair'))
    await db.outbox.toCollection().modify({ sent: true })
    await updateItem(db, lamp, sampleItemFields('Desk lamp, brass'))
    await updateItem(db, chair, sampleItemFields('Chair, oak'))
    // Both edits refused by the server (as the engine records a refusal): they wait for the owner.
    await db.outbox.filter((entry) => entry.method === 'PUT').modify({ status: 'failed', lastError: 'Refused' })
    expect(await failedOutboxEntries(db)).toHaveLength(2)

    await deleteItem(db, lamp)
    expect(await failedOutboxEntries(db)).toHaveLength(1)
    expect((await db.outbox.where('status').equals('failed').toArray()).map((entry) => entry.path)).toEqual([`/api/wishlist-items/${chair}`])
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => `${entry.method} ${entry.target.entity === 'item' ? entry.target.id : ''}`)).toEqual([
      `POST ${lamp}`,
      `POST ${chair}`,
      `PUT ${chair}`,
      `DELETE ${lamp}`,
    ])
  })

  it("refuses a create before the profile is loaded ('Profile is not loaded. Please try again.')", async () => {
    const db = freshDatabase()
    await expect(createItem(db, sampleItemFields())).rejects.toBeInstanceOf(ProfileNotLoadedError)
    expect(await db.outbox.count()).toBe(0)
  })

  it('rejects an invalid payload before anything is stored', async () => {
    const db = freshDatabase()
    await seedProfile(db)
    await expect(createItem(db, { ...sampleItemFields(), description: 'short' })).rejects.toThrow('Description must be at least 10 characters.')
    expect(await db.items.count()).toBe(0)
  })

  it('an image picked offline is kept as a Blob and the entry references it until upload', async () => {
    const db = freshDatabase()
    await seedProfile(db)
    const id = await createItem(db, sampleItemFields())
    await attachItemImage(db, id, new Blob(['png'], { type: 'image/png' }))
    const item = (await itemsQuery(db))[0]
    expect(item?.localImageId).toBeTruthy()
    const entry = (await db.outbox.orderBy('seq').toArray())[1]
    expect(entry?.body).toEqual({ storedImageId: PENDING_IMAGE_ID })
    expect(entry?.imageRef).toBe(item?.localImageId)
    expect(await db.pendingImages.get(item?.localImageId ?? '')).toMatchObject({ productId: id, status: 'pending' })
    await removeItemImage(db, id)
    expect((await itemsQuery(db))[0]).toMatchObject({ localImageId: null, storedImageId: null })
  })

  it('profile settings and photo: PUT /api/profiles only; the server deletes the photo it replaces (no delete entry)', async () => {
    const db = freshDatabase()
    await seedProfile(db, { profileImageId: '11111111-1111-4111-8111-111111111111' })
    await updateProfileSettings(db, { description: 'New text', socialLinks: [{ platform: 'github', url: 'github.com/me' }] })
    const [link] = (await profileQuery(db))?.socialLinks ?? []
    // The new link's id is given here, offline (decision 157), far above the server's counted ids.
    expect(link).toMatchObject({ platform: 'github', url: 'https://github.com/me' })
    expect(link?.id).toBeGreaterThanOrEqual(2 ** 32)
    await setProfilePhoto(db, new Blob(['jpg'], { type: 'image/jpeg' }))
    await removeProfilePhoto(db)
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['PUT /api/profiles', 'PUT /api/profiles', 'PUT /api/profiles'])
    expect(entries.map((entry) => entry.body)).toEqual([
      { description: 'New text', socialLinkChanges: { add: [{ id: link?.id, platform: 'github', url: 'https://github.com/me' }] } },
      { profileImageId: PENDING_IMAGE_ID },
      { profileImageId: null },
    ])
    expect(await profileQuery(db)).toMatchObject({ profileImageId: null, localImageId: null })
  })

  it('a full disk surfaces as a message and stores nothing (no silent loss)', async () => {
    const db = freshDatabase()
    await seedProfile(db)
    db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await expect(createItem(db, sampleItemFields())).rejects.toBeInstanceOf(LocalStorageFullError)
    expect(await db.items.count()).toBe(0)
  })

  it('retry puts a failed entry back in line; discard drops it and asks for a full pull', async () => {
    const db = freshDatabase()
    await seedProfile(db)
    await createItem(db, sampleItemFields())
    const [entry] = await db.outbox.toArray()
    await db.outbox.update(entry?.seq ?? 0, { status: 'failed', lastError: 'Brand is required.' })
    expect(await failedOutboxEntries(db)).toEqual([expect.objectContaining({ summary: 'New product: Blue bike', error: 'Brand is required.' })])
    expect((await localSyncStatusQuery(db)).pendingCount).toBe(0)
    await retryOutboxEntry(db, entry?.seq ?? 0)
    expect(await pendingOutboxCount(db)).toBe(1)
    await discardOutboxEntry(db, entry?.seq ?? 0)
    expect(await db.outbox.count()).toBe(0)
    expect(await readMeta(db, 'cursor')).toBe(0)
  })
})

describe('whose data is on the device', () => {
  const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`

  it('reads the user id from an access token and refuses garbage', () => {
    expect(userIdFromAccessToken(tokenFor('user-1'))).toBe('user-1')
    expect(userIdFromAccessToken('not-a-token')).toBeUndefined()
  })

  it("keeps the same user's outbox across sign-ins and wipes it for a different user", async () => {
    const db = freshDatabase()
    expect(await claimLocalDataFor(db, 'user-1')).toBe('first-user')
    await seedProfile(db)
    await createItem(db, sampleItemFields())
    expect(await claimLocalDataFor(db, 'user-1')).toBe('same-user')
    expect(await pendingOutboxCount(db)).toBe(1)
    expect(await claimLocalDataFor(db, 'user-2')).toBe('wiped-other-user')
    expect(await pendingOutboxCount(db)).toBe(0)
    expect(await db.items.count()).toBe(0)
    expect(await profileQuery(db)).toBeUndefined()
    await clearLocalData(db)
    // Only the generation stays, so a sync pass still in flight cannot write anything back (fence).
    expect((await db.meta.toArray()).map((row) => row.key)).toEqual(['generation'])
  })
})
