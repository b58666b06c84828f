// Owner writes to wishlist items: each one transaction that stamps a fresh sequence number and cleans up images.
import { and, count, eq, sql } from 'drizzle-orm'
import type { InferOutput } from 'valibot'
import { UPLOAD_PATH_PREFIX } from '../../src/contract/api-paths.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { ITEM_MESSAGES, type ItemCreateSchema, type ItemUpdateSchema, storedItemFields } from '../../src/contract/wishlist.ts'
import type { Db } from '../db/client.ts'
import { itemTombstones, wishlistItems } from '../db/schema.ts'
import { pruneTombstones } from '../changes/tombstones.ts'
import { ApiError } from '../http/http.ts'
import { nextSeq } from '../changes/change-seq.ts'
import { type ClientMutation, recordClientMutation } from '../changes/client-mutations.ts'
import { assertOwnImage, deleteImageIfUnused, isUuid } from '../images/image-store.ts'
import type { WishlistItemRow } from './item-view.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'

export const itemNotFound = () => new ApiError(404, 'Wishlist item not found')

export type ItemCreate = InferOutput<typeof ItemCreateSchema>
export type ItemUpdate = InferOutput<typeof ItemUpdateSchema>

/** The owner's item, or 404 for a missing id, a malformed id and another owner's id alike. */
export async function findOwnItem(db: Db, userId: string, itemId: string): Promise<WishlistItemRow> {
  if (!isUuid(itemId)) throw itemNotFound()
  const [row] = await db.select().from(wishlistItems).where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId))).limit(1)
  if (!row) throw itemNotFound()
  return row
}

/**
 * Creates the item. A client-generated id that already names one of the owner's items is a retry of that create (an
 * offline outbox may send it twice), so it answers with the existing item and changes nothing.
 */
export async function createItem(db: Db, userId: string, profileId: string, input: ItemCreate, now: Date, mutation?: ClientMutation) {
  if (input.id) {
    const [existing] = await db.select().from(wishlistItems).where(eq(wishlistItems.id, input.id)).limit(1)
    if (existing && existing.userId === userId) return { row: existing, created: false }
    if (existing) throw new ApiError(409, 'This item id is already taken; generate a new one.')
    // A create replayed after its item was deleted must not bring the item back.
    const [tombstone] = await db
      .select({ seq: itemTombstones.seq })
      .from(itemTombstones)
      .where(and(eq(itemTombstones.userId, userId), eq(itemTombstones.itemId, input.id)))
      .limit(1)
    if (tombstone) throw new ApiError(409, 'This item was deleted; generate a new id to create it again.')
  }
  const id = input.id ?? crypto.randomUUID()
  const row = await db.transaction(async (tx) => {
    // The seq reservation locks the owner first, so two parallel creates cannot both pass the count.
    const seq = await nextSeq(tx, userId)
    // Under the owner's lock (decision 076), so a concurrent delete of the image cannot slip between check and insert.
    if (input.storedImageId) await assertOwnImage(tx, userId, input.storedImageId)
    await assertOwnUploadAddress(tx, userId, input.imageUrl)
    await recordClientMutation(tx, userId, now, mutation)
    const [items] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.profileId, profileId))
    if ((items?.n ?? 0) >= LIMITS.wishlistItemsMax) throw new ApiError(409, ITEM_MESSAGES.tooManyItems)
    const [inserted] = await tx
      .insert(wishlistItems)
      .values({
        id,
        userId,
        profileId,
        ...storedItemFields(input, 'every'),
        storedImageId: input.storedImageId ?? null,
        seq,
        createdAt: now,
        updatedAt: now,
      })
      // Two parallel creates with the same client id: the loser finds the winner's row below.
      .onConflictDoNothing()
      .returning()
    return inserted
  })
  invalidatePublicProfile(db, profileId)
  if (row) return { row, created: true }
  return { row: await findOwnItem(db, userId, id), created: false }
}

export async function updateItem(db: Db, userId: string, itemId: string, input: ItemUpdate, now: Date, mutation?: ClientMutation): Promise<WishlistItemRow> {
  if (!isUuid(itemId)) throw itemNotFound()
  const row = await db.transaction(async (tx) => {
    // The owner's row first (lock order, change-seq.ts); the item is read after it, so no other write of this
    // owner can change its image between this read and the update below.
    const seq = await nextSeq(tx, userId)
    await recordClientMutation(tx, userId, now, mutation)
    const current = await findOwnItem(tx, userId, itemId)
    const replacesImage = input.storedImageId !== undefined && input.storedImageId !== current.storedImageId
    if (input.storedImageId && replacesImage) await assertOwnImage(tx, userId, input.storedImageId)
    if (input.imageUrl !== current.imageUrl) await assertOwnUploadAddress(tx, userId, input.imageUrl)
    const dropsImage = input.removeStoredImage === true || (replacesImage && current.storedImageId !== null)
    const [updated] = await tx
      .update(wishlistItems)
      .set({
        // Only the payload's fields; purchase state, ids and ownership are never taken from a client.
        ...storedItemFields(input, 'given'),
        ...(replacesImage && { storedImageId: input.storedImageId ?? null }),
        ...(input.removeStoredImage === true && { storedImageId: null, imageUrl: sql`case when ${wishlistItems.imageUrl} like ${`${UPLOAD_PATH_PREFIX}%`} then null else ${wishlistItems.imageUrl} end` }),
        seq,
        updatedAt: now,
      })
      .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
      .returning()
    if (!updated) throw itemNotFound()
    if (dropsImage) await deleteImageIfUnused(tx, userId, current.storedImageId)
    return updated
  })
  invalidatePublicProfile(db, row.profileId)
  return row
}

/** Deletes the item, leaves a tombstone for the change feed, and deletes its image when nothing else shows it. */
export async function deleteItem(db: Db, userId: string, itemId: string, now: Date, mutation?: ClientMutation): Promise<void> {
  if (!isUuid(itemId)) throw itemNotFound()
  const profileId = await db.transaction(async (tx) => {
    // The owner's row before the item's (lock order, change-seq.ts): an edit or a purchase of this item, which lock
    // in the same order, waits for this delete instead of deadlocking against it.
    const seq = await nextSeq(tx, userId)
    await recordClientMutation(tx, userId, now, mutation)
    const [deleted] = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.id, itemId), eq(wishlistItems.userId, userId)))
      .returning({ profileId: wishlistItems.profileId, storedImageId: wishlistItems.storedImageId })
    if (!deleted) throw itemNotFound()
    await tx
      .insert(itemTombstones)
      .values({ userId, itemId, seq, deletedAt: now })
      .onConflictDoUpdate({ target: [itemTombstones.userId, itemTombstones.itemId], set: { seq, deletedAt: now } })
    await deleteImageIfUnused(tx, userId, deleted.storedImageId)
    await pruneTombstones(tx, userId, now)
    return deleted.profileId
  })
  invalidatePublicProfile(db, profileId)
}

/**
 * An image address of ours (/api/uploads/{id}) must name one of this owner's uploads, as storedImageId must: another
 * owner's picture would vanish from this wishlist when they delete it, and its bytes would count against no one here.
 */
async function assertOwnUploadAddress(db: Db, userId: string, imageUrl: string | null | undefined): Promise<void> {
  if (!imageUrl?.startsWith(UPLOAD_PATH_PREFIX)) return
  await assertOwnImage(db, userId, imageUrl.slice(UPLOAD_PATH_PREFIX.length))
}
