// The owner's writes: each is one Dexie transaction that changes the local rows and appends its outbox entry.
import * as v from 'valibot'
import { apiPaths, UPLOAD_PATH_PREFIX } from '../contract/api-paths.ts'
import { LOCAL_WRITE_CHANNEL } from '../contract/names.ts'
import { ItemCreateSchema, type ItemFieldName, type ItemFields, itemPayloadValue, ItemUpdateSchema, storedItemFields } from '../contract/wishlist.ts'
import { ProfileUpdateSchema, type ProfileUpdateInput, type SocialLink } from '../contract/profile.ts'
import { applyListChanges, isEmptyListChange, listChanges, newElementId } from '../lib/list-changes.ts'
import type { LocalItem, LocalProfile, OutboxTarget, OwnerDatabase } from './db.ts'
import { takeNextPosition } from './meta.ts'
import { addPendingImage, dropImageEntries, outboxEntry, queueEdit } from './outbox-queue.ts'
import { changedFields, sameSubject } from './outbox-rules.ts'
import { ItemNotFoundError, ProfileNotLoadedError, surfaceQuotaErrors } from './write-errors.ts'

/** Stands in for a server image id until the engine has uploaded the blob and rewrites the entry. */
export const PENDING_IMAGE_ID = 'pending-image'

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

async function requireItem(db: OwnerDatabase, id: string): Promise<LocalItem> {
  const item = await db.items.get(id)
  if (!item) throw new ItemNotFoundError()
  return item
}

const IMAGE_FIELDS = ['storedImageId', 'imageUrl', 'localImageId']

/**
 * Creates an item with a client id (so a retried create makes one item). A picked `image` is a change of its own
 * queued behind the create: if the server refuses the image, the item is still saved, only without it.
 */
export async function createItem(db: OwnerDatabase, fields: ItemFields, image?: Blob): Promise<string> {
  const id = crypto.randomUUID()
  const body = v.parse(ItemCreateSchema, { ...fields, id })
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    const localImageId = image ? await addPendingImage(db, image, { productId: id, profileId: profile.id }) : null
    await db.items.add({
      id,
      ...storedItemFields(body, 'every'),
      ...(body.storedImageId && { imageUrl: apiPaths.upload(body.storedImageId) }),
      storedImageId: body.storedImageId ?? null,
      isPurchased: false,
      purchaseStatus: null,
      purchasedPrice: null,
      position: await takeNextPosition(db),
      localImageId,
    })
    await db.outbox.add(
      outboxEntry({
        method: 'POST',
        path: apiPaths.wishlistItemsOfProfile(profile.id),
        body,
        target: { entity: 'item', id, kind: 'create', fields: Object.keys(body) },
      }),
    )
    if (localImageId) await db.outbox.add(imageEntry(id, localImageId))
    return id
  })
}

function imageEntry(itemId: string, localImageId: string) {
  return outboxEntry({
    method: 'PUT',
    path: apiPaths.wishlistItem(itemId),
    body: { storedImageId: PENDING_IMAGE_ID },
    target: { entity: 'item', id: itemId, kind: 'update', fields: IMAGE_FIELDS },
    imageRef: localImageId,
  })
}

/** The local row's value of a field as a body would carry it ('' for an absent address). */
function itemValue(item: LocalItem, key: keyof ItemFields): unknown {
  return key === 'storedImageId' ? item[key] : itemPayloadValue(item, key satisfies ItemFieldName)
}

/**
 * Edits the fields the owner changed (the form passes only those; a value equal to the local one is dropped too).
 * The entry carries only these fields, so another device's edit of the others survives; while the item's entry has
 * not gone out yet, the edit is folded into it. Nothing changed: nothing is written.
 */
export async function updateItem(db: OwnerDatabase, id: string, changes: Partial<ItemFields>): Promise<void> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  if (Object.keys(given).length === 0) return
  const parsed = v.parse(ItemUpdateSchema, given)
  return ownerWrite(db, async () => {
    const item = await requireItem(db, id)
    const current = Object.fromEntries((Object.keys(parsed) as (keyof ItemFields)[]).map((key) => [key, itemValue(item, key)]))
    const body = changedFields(current, parsed)
    if (Object.keys(body).length === 0) return
    const local: Partial<LocalItem> = { ...body, ...storedItemFields(body, 'given') }
    if (body.storedImageId) local.imageUrl = apiPaths.upload(body.storedImageId)
    await db.items.update(id, local)
    await queueEdit(db, { method: 'PUT', path: apiPaths.wishlistItem(id), body, target: { entity: 'item', id, kind: 'update', fields: Object.keys(body) } })
  })
}

export function deleteItem(db: OwnerDatabase, id: string): Promise<void> {
  return ownerWrite(db, async () => {
    await requireItem(db, id)
    await db.items.delete(id)
    // An image that never went out would only be answered 404 after the delete.
    await dropImageEntries(db, { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS }, 'unsent')
    // A refused edit of the item waits for the owner's Retry or Discard; deleting the item answers it.
    const item: OutboxTarget = { entity: 'item', id, kind: 'update', fields: [] }
    await db.outbox.filter((entry) => entry.status === 'failed' && sameSubject(entry, item) && 'kind' in entry.target && entry.target.kind === 'update').delete()
    await db.outbox.add(
      outboxEntry({ method: 'DELETE', path: apiPaths.wishlistItem(id), target: { entity: 'item', id, kind: 'delete', fields: ['*'] } }),
    )
  })
}

/**
 * Attaches a picked image: kept as a Blob until the engine uploads it, then the PUT carries the server's id and the
 * server deletes the image it replaces. A refused earlier pick of this item is superseded.
 */
export function attachItemImage(db: OwnerDatabase, id: string, image: Blob): Promise<void> {
  return ownerWrite(db, async () => {
    await requireItem(db, id)
    const profile = await db.profile.toCollection().first()
    await dropImageEntries(db, { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS }, 'refused')
    const localImageId = await addPendingImage(db, image, { productId: id, profileId: profile?.id ?? null })
    await db.items.update(id, { localImageId })
    await db.outbox.add(imageEntry(id, localImageId))
  })
}

export function removeItemImage(db: OwnerDatabase, id: string): Promise<void> {
  return ownerWrite(db, async () => {
    const item = await requireItem(db, id)
    await dropImageEntries(db, { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS }, 'refused')
    const imageUrl = item.imageUrl?.startsWith(UPLOAD_PATH_PREFIX) ? null : item.imageUrl
    await db.items.update(id, { storedImageId: null, imageUrl, localImageId: null })
    await db.outbox.add(
      outboxEntry({
        method: 'PUT',
        path: apiPaths.wishlistItem(id),
        body: { removeStoredImage: true },
        target: { entity: 'item', id, kind: 'update', fields: IMAGE_FIELDS },
      }),
    )
  })
}

type LinkRow = { id?: number | undefined; platform: string; url: string }

/**
 * `linksOpened`: the links the form showed when it opened, so a link another device added meanwhile (pulled while
 * the form was open) is not taken for one the owner removed.
 */
export type ProfileSettings = Omit<ProfileUpdateInput, 'profileImageId' | 'socialLinkChanges'> & { linksOpened?: LinkRow[] }

type ParsedSettings = Omit<v.InferOutput<typeof ProfileUpdateSchema>, 'profileImageId' | 'socialLinkChanges'>

/** The local profile's value of a setting as a body would carry it (links without their ids). */
function settingValue(profile: LocalProfile, key: keyof ParsedSettings): unknown {
  if (key === 'socialLinks') return profile.socialLinks.map(({ platform, url }) => ({ platform, url }))
  return profile[key]
}

function comparable(settings: ParsedSettings): Record<string, unknown> {
  const { socialLinks, ...rest } = settings
  return socialLinks ? { ...rest, socialLinks: socialLinks.map(({ platform, url }) => ({ platform, url })) } : rest
}

/**
 * Saves the settings the owner changed (the form passes only those; values equal to the local ones are dropped too),
 * so the visibility switch is sent only when the owner moved it. Folded into the profile's unsent settings entry.
 * Links travel as what changed, link by link (decision 157), so another device's links survive.
 */
export async function updateProfileSettings(db: OwnerDatabase, settings: ProfileSettings): Promise<SavedLinkIds> {
  const { linksOpened, ...fields } = settings
  const { profileImageId: _ignored, socialLinkChanges: _notFromForms, ...parsed } = v.parse(ProfileUpdateSchema, fields)
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    const keys = (Object.keys(parsed) as (keyof ParsedSettings)[]).filter((key) => parsed[key] !== undefined)
    const changed = changedFields(Object.fromEntries(keys.map((key) => [key, settingValue(profile, key)])), comparable(parsed))
    const { socialLinks, ...plainFields } = Object.fromEntries(Object.keys(changed).map((key) => [key, parsed[key as keyof ParsedSettings]])) as ParsedSettings
    const links = socialLinks && linkEdit(profile.socialLinks, socialLinks, linksOpened)
    if (Object.keys(plainFields).length === 0 && !links) return undefined
    await db.profile.update(profile.id, { ...plainFields, ...(links && { socialLinks: links.list }) })
    const body = { ...plainFields, ...(links && { socialLinkChanges: links.changes }) }
    const named = [...Object.keys(plainFields), ...(links ? ['socialLinks'] : [])]
    await queueEdit(db, { method: 'PUT', path: apiPaths.ownProfile, body, target: { entity: 'profile', fields: named } })
    return links?.rowIds
  })
}

/**
 * The id each link of the saved settings has now, in the order of the settings' links (a new one got its id here);
 * undefined when the links did not change. A form that stays open takes them, so its next Save names those links.
 */
export type SavedLinkIds = readonly number[] | undefined

/**
 * The form's links against the ones it opened with (or the local ones): a row without an id is a new link and gets its
 * id here, offline. A link an older app version left without a server id (negative) cannot be named to the server,
 * so it is never sent as an edit or a removal. The local list is the local one with these changes applied.
 */
function linkEdit(local: readonly SocialLink[], rows: readonly LinkRow[], opened: readonly LinkRow[] = local) {
  const withIds = (links: readonly LinkRow[]) => links.flatMap((link) => (link.id !== undefined && link.id > 0 ? [{ ...link, id: link.id }] : []))
  const list: SocialLink[] = rows.map((row) => ({ id: row.id !== undefined && row.id > 0 ? row.id : newElementId(), platform: row.platform, url: row.url }))
  const changes = listChanges(withIds(opened), list, (a, b) => a.platform === b.platform && a.url === b.url)
  if (isEmptyListChange(changes)) return undefined
  return { list: applyListChanges(local, changes), changes, rowIds: list.map((link) => link.id) }
}

const PHOTO_FIELDS = ['profileImageId', 'profileImageUrl', 'localImageId']

/**
 * Spec 4 'Profile photo': upload, then set the new id on the profile. The server deletes the photo it replaces in the
 * same transaction, so a refused upload (or a PUT that never arrives) leaves the old photo where it was.
 */
export function setProfilePhoto(db: OwnerDatabase, image: Blob): Promise<void> {
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    await dropImageEntries(db, { entity: 'profile', fields: PHOTO_FIELDS }, 'refused')
    const localImageId = await addPendingImage(db, image, { productId: null, profileId: profile.id })
    await db.profile.update(profile.id, { localImageId })
    await db.outbox.add(
      outboxEntry({
        method: 'PUT',
        path: apiPaths.ownProfile,
        body: { profileImageId: PENDING_IMAGE_ID },
        target: { entity: 'profile', fields: PHOTO_FIELDS },
        imageRef: localImageId,
      }),
    )
  })
}

/** Spec 4: 'Remove deletes it and clears the image fields' (the server deletes the image it detaches). */
export function removeProfilePhoto(db: OwnerDatabase): Promise<void> {
  return ownerWrite(db, async () => {
    const profile = await db.profile.toCollection().first()
    if (!profile) throw new ProfileNotLoadedError()
    await dropImageEntries(db, { entity: 'profile', fields: PHOTO_FIELDS }, 'refused')
    await db.profile.update(profile.id, { profileImageId: null, profileImageUrl: null, localImageId: null })
    await db.outbox.add(
      outboxEntry({ method: 'PUT', path: apiPaths.ownProfile, body: { profileImageId: null }, target: { entity: 'profile', fields: PHOTO_FIELDS } }),
    )
  })
}
