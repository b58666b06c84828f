// Stored images (bytea rows) of one owner: lookup, quota, and removal together with every reference to them.
import { and, eq, sum } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { images, profiles, wishlistItems } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'
import { reserveSeqs } from '../changes/change-seq.ts'
import { type ClientMutation, recordClientMutation } from '../changes/client-mutations.ts'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import type { ProcessedImage } from './image-processing.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'

export const imageNotFound = () => new ApiError(404, 'Image not found')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

/** Another owner's image answers exactly like a missing one. */
export async function assertOwnImage(db: Db, userId: string, imageId: string): Promise<void> {
  if (!isUuid(imageId)) throw imageNotFound()
  const [row] = await db.select({ id: images.id }).from(images).where(and(eq(images.id, imageId), eq(images.userId, userId))).limit(1)
  if (!row) throw imageNotFound()
}

export async function storedBytes(db: Db, userId: string): Promise<number> {
  const [usage] = await db.select({ bytes: sum(images.byteSize).mapWith(Number) }).from(images).where(eq(images.userId, userId))
  return usage?.bytes ?? 0
}

/**
 * The quota check before anything is decoded: an owner with no room left gets 413 without costing a decode. The exact
 * check (this usage plus the re-encoded size) follows in storeImage, under the owner's row lock.
 */
export async function assertRoomLeft(db: Db, userId: string, quotaBytes: number): Promise<void> {
  if ((await storedBytes(db, userId)) >= quotaBytes) throw new ApiError(413, IMAGE_MESSAGES.quota)
}

export async function storeImage(db: Db, userId: string, image: ProcessedImage, quotaBytes: number): Promise<string> {
  return db.transaction(async (tx) => {
    // Taking the user's row lock first serialises concurrent uploads of one owner, so the quota check holds.
    await reserveSeqs(tx, userId, 1)
    if ((await storedBytes(tx, userId)) + image.bytes.byteLength > quotaBytes) throw new ApiError(413, IMAGE_MESSAGES.quota)
    const [row] = await tx
      .insert(images)
      .values({ userId, contentType: image.contentType, bytes: image.bytes, byteSize: image.bytes.byteLength, width: image.width, height: image.height })
      .returning({ id: images.id })
    if (!row) throw new Error('image insert returned nothing')
    return row.id
  })
}

/**
 * Deletes the image unless something else of the owner still shows it. Runs inside the caller's transaction, which
 * has already detached the image from the row being changed.
 */
export async function deleteImageIfUnused(tx: Db, userId: string, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return
  const [item] = await tx.select({ id: wishlistItems.id }).from(wishlistItems).where(eq(wishlistItems.storedImageId, imageId)).limit(1)
  const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.profileImageId, imageId)).limit(1)
  if (item || profile) return
  await tx.delete(images).where(and(eq(images.id, imageId), eq(images.userId, userId)))
}

/** DELETE /api/uploads/{id}: the image goes, and so does every reference to it (each change takes a sequence number). */
export async function deleteOwnImage(db: Db, userId: string, imageId: string, now: Date, mutation?: ClientMutation): Promise<void> {
  if (!isUuid(imageId)) throw imageNotFound()
  const touchedProfiles = await db.transaction(async (tx) => {
    // The owner's row first, like every write (decision 076): deleting the image row first could deadlock with an
    // item edit that drops the same image.
    await reserveSeqs(tx, userId, 1)
    await recordClientMutation(tx, userId, now, mutation)
    const deleted = await tx.delete(images).where(and(eq(images.id, imageId), eq(images.userId, userId))).returning({ id: images.id })
    if (deleted.length === 0) throw imageNotFound()
    const items = await tx
      .select({ id: wishlistItems.id, profileId: wishlistItems.profileId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.storedImageId, imageId)))
    const owners = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), eq(profiles.profileImageId, imageId)))
    const seqs = items.length + owners.length > 0 ? await reserveSeqs(tx, userId, items.length + owners.length) : []
    let i = 0
    for (const item of items) {
      await tx.update(wishlistItems).set({ storedImageId: null, seq: seqs[i++] ?? 0, updatedAt: now }).where(eq(wishlistItems.id, item.id))
    }
    for (const owner of owners) {
      await tx.update(profiles).set({ profileImageId: null, seq: seqs[i++] ?? 0, updatedAt: now }).where(eq(profiles.id, owner.id))
    }
    return new Set([...items.map((x) => x.profileId), ...owners.map((x) => x.id)])
  })
  for (const profileId of touchedProfiles) invalidatePublicProfile(db, profileId)
}
