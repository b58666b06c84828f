// Owns the removal of images nothing references (issue 25, decision 158): uploads whose item or photo never came, freed from the quota after a grace period.
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { images, profiles, users, wishlistItems } from '../db/schema.ts'

const HOUR_MS = 60 * 60 * 1000
/** How long an upload may wait for the write that uses it (an item's image, a profile photo) before it goes. */
export const ORPHAN_IMAGE_GRACE_MS = 24 * HOUR_MS
/** How often a running server sweeps; every server does, and they share the work (see sweepOrphanImages). */
export const ORPHAN_SWEEP_MS = HOUR_MS
/** Owners handled per sweep, so one sweep stays short; the rest wait for the next. */
const OWNERS_PER_SWEEP = 200

/** Only these owners' images: tests sharing one database sweep their own data, never another test's fresh uploads. */
export type SweepScope = { owners: readonly string[] }

export type OrphanSweep = { images: number; bytes: number; owners: number; skippedOwners: number }

/**
 * Nothing references the image: no item shows it and no profile has it as its photo. Every other path that detaches
 * an image deletes it at once (deleteImageIfUnused), so what is left here are uploads the referencing write never
 * followed (an item deleted elsewhere, a lost device, a link preview never used).
 */
const unreferenced = (tx: Db) =>
  and(
    notExists(tx.select({ one: sql`1` }).from(wishlistItems).where(eq(wishlistItems.storedImageId, images.id))),
    notExists(tx.select({ one: sql`1` }).from(profiles).where(eq(profiles.profileImageId, images.id))),
  )

/**
 * Deletes every image unreferenced and older than the grace. Safe with several servers at once: each owner's images
 * go in a transaction that first takes that owner's `users` row (step 1 of the lock order, change-seq.ts) with SKIP
 * LOCKED, so two sweeps never work on one owner together, and a write that is about to reference an image (it holds
 * that row, then checks the image is the owner's) either commits first, and the image stays, or finds it gone (404).
 */
export async function sweepOrphanImages(db: Db, now: Date, graceMs: number = ORPHAN_IMAGE_GRACE_MS, scope?: SweepScope): Promise<OrphanSweep> {
  const cutoff = new Date(now.getTime() - graceMs)
  const owners = await db
    .selectDistinct({ userId: images.userId })
    .from(images)
    .where(and(lt(images.createdAt, cutoff), unreferenced(db), scope && inArray(images.userId, [...scope.owners])))
    .limit(OWNERS_PER_SWEEP)
  const sweep: OrphanSweep = { images: 0, bytes: 0, owners: 0, skippedOwners: 0 }
  for (const { userId } of owners) {
    const gone = await db.transaction(async (tx) => {
      const [claimed] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update', { skipLocked: true })
      if (!claimed) return undefined
      return tx
        .delete(images)
        .where(and(eq(images.userId, userId), lt(images.createdAt, cutoff), unreferenced(tx)))
        .returning({ byteSize: images.byteSize })
    })
    if (!gone) {
      // Another server sweeps this owner right now, or one of their writes holds the row: the next sweep sees to it.
      sweep.skippedOwners += 1
      continue
    }
    sweep.owners += 1
    sweep.images += gone.length
    sweep.bytes += gone.reduce((total, image) => total + image.byteSize, 0)
  }
  return sweep
}

/** The server's periodic sweep; a failed one (database away) is tried again at the next tick. */
export function startOrphanImageSweep(
  db: Db,
  options: { graceMs?: number; clock?: () => Date; onSwept?: (sweep: OrphanSweep) => void; onError: (err: unknown) => void },
): () => void {
  const sweep = () =>
    void sweepOrphanImages(db, options.clock?.() ?? new Date(), options.graceMs)
      .then((result) => options.onSwept?.(result))
      .catch(options.onError)
  sweep()
  const timer = setInterval(sweep, ORPHAN_SWEEP_MS).unref()
  return () => clearInterval(timer)
}
