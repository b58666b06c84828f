// The owner's writes: each is one Dexie transaction that changes the local rows and appends its outbox entry.
import * as v from 'valibot'
import { ItemCreateSchema, ItemUpdateSchema } from '../contract/wishlist.ts'
import { ProfileUpdateSchema, type ProfileUpdateInput } from '../contract/profile.ts'
import type { LocalItem, OutboxEntry, OwnerDatabase } from './db.ts'
import { takeNextPosition } from './meta.ts'
import { ItemNotFoundError, ProfileNotLoadedError, surfaceQuotaErrors } from './write-errors.ts'

/** Stands in for a server image id until the engine has uploaded the blob and rewrites the entry. */
export const PENDING_IMAGE_ID = 'pending-image'

/** Posted after every write so the leading tab's engine syncs soon (debounced there). */
export const LOCAL_WRITE_CHANNEL = 'qrtee:local-write'

export type ItemFields = { name: string; description: string; price: number; brand: string; imageUrl?: string; productUrl?: string }

type NewEntry = Omit<OutboxEntry, 'seq' | 'status' | 'createdAt' | 'attempts' | 'lastError' | 'idempotencyKey' | 'imageRef' | 'ignoreFailure'> &
  Partial<Pick<OutboxEntry, 'imageRef' | 'ignoreFailure'>>

function outboxEntry(entry: NewEntry): OutboxEntry {
  return {
    imageRef: null,
    ignoreFailure: false,
    ...entry,
    idempotencyKey: crypto.randomUUID(),
    status: 'pending',
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastError: null,
  }
}

function ownerWrite<T>(db: OwnerDatabase, work: () => Promise<T>): Promise<T> {
  const tables = [db.profile, db.items, db.outbox, db.pendingImages, db.meta]
  return surfaceQuotaErrors(async () => {
    const result = await db.transaction('rw', tables, work)
    announceLocalWrite()
    return result
  })
}

/** Also used by Retry/Discard and sign-in, so the leading tab's engine reacts to them. */
export function announceLocalWrite(message: 'write' | 'signed-in' = 'write') {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
  channel.postMessage(message)
  channel.close()
}

async function addPendingImage(db: OwnerDatabase, blob: Blob, owner: { productId: string | null; profileId: string | null }) {
  const id = crypto.randomUUID()
  await db.pendingImages.add({ id, blob, uploadKey: crypto.randomUUID(), ...owner, status: 'pending', lastError: null })
  return id
}

async function requireItem(db: OwnerDatabase, id: string): Promise<LocalItem> {
  const item = await db.items.get(id)
  if (!item) throw new ItemNotFoundError()
  return item
}

/** Creates an item with a client id (so a retried create makes one item); `image` is uploaded before it is sent. */
export async function createItem(db: OwnerDatabase, fields: ItemFields, image?: Blob): Promise<string> {
  const id = crypto.randomUUID()
  const body = v.parse(ItemCreateSchema, { ...fields, id })
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    const localImageId = image ? await addPendingImage(db, image, { productId: id, profileId: profile.id }) : null
    await db.items.add({
      id,
      name: body.name,
      brand: body.brand,
      description: body.description,
      price: body.price,
      imageUrl: body.imageUrl || null,
      productUrl: body.productUrl || null,
      storedImageId: null,
      isPurchased: false,
      purchaseStatus: null,
      purchasedPrice: null,
      position: await takeNextPosition(db),
      localImageId,
    })
    const sentBody = localImageId ? { ...body, storedImageId: PENDING_IMAGE_ID } : body
    const fieldNames = [...Object.keys(sentBody), 'localImageId']
    await db.outbox.add(
      outboxEntry({
        method: 'POST',
        path: `/api/wishlist-items/profile/${profile.id}`,
        body: sentBody,
        target: { entity: 'item', id, kind: 'create', fields: fieldNames },
        imageRef: localImageId,
      }),
    )
    return id
  })
}

/** Edits the text fields of an item (the spec's PUT with name, description, price, brand). */
export async function updateItem(db: OwnerDatabase, id: string, fields: ItemFields): Promise<void> {
  const body = v.parse(ItemUpdateSchema, fields)
  return ownerWrite(db, async () => {
    await requireItem(db, id)
    const changes: Partial<LocalItem> = { name: body.name, description: body.description, price: body.price, brand: body.brand }
    if (body.imageUrl !== undefined) changes.imageUrl = body.imageUrl || null
    if (body.productUrl !== undefined) changes.productUrl = body.productUrl || null
    await db.items.update(id, changes)
    const fieldNames = Object.entries(body).flatMap(([key, value]) => (value === undefined ? [] : [key]))
    await db.outbox.add(
      outboxEntry({ method: 'PUT', path: `/api/wishlist-items/${id}`, body, target: { entity: 'item', id, kind: 'update', fields: fieldNames } }),
    )
  })
}

export function deleteItem(db: OwnerDatabase, id: string): Promise<void> {
  return ownerWrite(db, async () => {
    await requireItem(db, id)
    await db.items.delete(id)
    await db.outbox.add(
      outboxEntry({ method: 'DELETE', path: `/api/wishlist-items/${id}`, target: { entity: 'item', id, kind: 'delete', fields: ['*'] } }),
    )
  })
}

const IMAGE_FIELDS = ['storedImageId', 'imageUrl', 'localImageId']

/** Attaches a picked image: kept as a Blob until the engine uploads it, then the PUT carries the server's id. */
export function attachItemImage(db: OwnerDatabase, id: string, image: Blob): Promise<void> {
  return ownerWrite(db, async () => {
    await requireItem(db, id)
    const profile = await db.profile.toCollection().first()
    const localImageId = await addPendingImage(db, image, { productId: id, profileId: profile?.id ?? null })
    await db.items.update(id, { localImageId })
    await db.outbox.add(
      outboxEntry({
        method: 'PUT',
        path: `/api/wishlist-items/${id}`,
        body: { storedImageId: PENDING_IMAGE_ID },
        target: { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS },
        imageRef: localImageId,
      }),
    )
  })
}

export function removeItemImage(db: OwnerDatabase, id: string): Promise<void> {
  return ownerWrite(db, async () => {
    const item = await requireItem(db, id)
    const imageUrl = item.imageUrl?.startsWith('/api/uploads/') ? null : item.imageUrl
    await db.items.update(id, { storedImageId: null, imageUrl, localImageId: null })
    await db.outbox.add(
      outboxEntry({
        method: 'PUT',
        path: `/api/wishlist-items/${id}`,
        body: { removeStoredImage: true },
        target: { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS },
      }),
    )
  })
}

export type ProfileSettings = Omit<ProfileUpdateInput, 'profileImageId'>

/** Saves the profile settings form (description, type, texts, links, visibility). */
export async function updateProfileSettings(db: OwnerDatabase, settings: ProfileSettings): Promise<void> {
  const { profileImageId: _ignored, ...body } = v.parse(ProfileUpdateSchema, settings)
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    const { socialLinks, ...plainFields } = body
    // Until the server assigns link ids, new links get negative local ones (React keys only).
    const localLinks = socialLinks?.map((link, index) => ({ id: link.id ?? -(index + 1), platform: link.platform, url: link.url }))
    await db.profile.update(profile.id, { ...plainFields, ...(localLinks ? { socialLinks: localLinks } : {}) })
    await db.outbox.add(outboxEntry({ method: 'PUT', path: '/api/profiles', body, target: { entity: 'profile', fields: Object.keys(body) } }))
  })
}

const PHOTO_FIELDS = ['profileImageId', 'profileImageUrl', 'localImageId']

/** Spec 4 'Profile photo': upload, set the new id on the profile, delete the previous image (failures ignored). */
export function setProfilePhoto(db: OwnerDatabase, image: Blob): Promise<void> {
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    const localImageId = await addPendingImage(db, image, { productId: null, profileId: profile.id })
    await db.profile.update(profile.id, { localImageId })
    await db.outbox.add(
      outboxEntry({
        method: 'PUT',
        path: '/api/profiles',
        body: { profileImageId: PENDING_IMAGE_ID },
        target: { entity: 'profile', fields: PHOTO_FIELDS },
        imageRef: localImageId,
      }),
    )
    if (profile.profileImageId) await queuePreviousPhotoDelete(db, profile.profileImageId)
  })
}

/** Spec 4: 'Remove deletes it and clears the image fields.' */
export function removeProfilePhoto(db: OwnerDatabase): Promise<void> {
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    await db.profile.update(profile.id, { profileImageId: null, profileImageUrl: null, localImageId: null })
    await db.outbox.add(
      outboxEntry({ method: 'PUT', path: '/api/profiles', body: { profileImageId: null }, target: { entity: 'profile', fields: PHOTO_FIELDS } }),
    )
    if (profile.profileImageId) await queuePreviousPhotoDelete(db, profile.profileImageId)
  })
}

async function queuePreviousPhotoDelete(db: OwnerDatabase, imageId: string) {
  await db.outbox.add(
    outboxEntry({ method: 'DELETE', path: `/api/uploads/${imageId}`, target: { entity: 'upload', id: imageId }, ignoreFailure: true }),
  )
}
