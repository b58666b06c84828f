// A visitor's (simulated) purchase: marks the item purchased, stores the record, reveals the owner's contact info;
// and the one message the buyer may leave with it (decision 148).
import { and, eq, isNull, sql } from 'drizzle-orm'
import { couldBePublicAddress } from '../../src/contract/profile.ts'
import { itemChangedMessage, PURCHASE_MESSAGES, PURCHASE_REFUSALS, type VisitorMessage, type VisitorPurchase, type VisitorPurchaseResult } from '../../src/contract/purchase.ts'
import type { Db } from '../db/client.ts'
import { profiles, purchaseRecords, users, wishlistItems } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'
import { reserveSeqs } from '../changes/change-seq.ts'
import { isUuid } from '../images/image-store.ts'
import { namedBy } from './public-address.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'
import { recordGift, recordGiftMessage } from '../notifications/notification-events.ts'

/**
 * A public profile by shareableId or username; a switched-off profile is as absent as a missing one. Its type is the
 * caller's to judge: only a wishlist sells gifts, while a message still goes with a purchase made before (decision 206).
 */
async function findPublicProfile(db: Db, address: string) {
  if (!couldBePublicAddress(address)) return undefined
  const [row] = await db
    .select({ id: profiles.id, userId: profiles.userId, contactInfo: profiles.contactInfo, isPublic: profiles.isPublic, profileType: profiles.profileType })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(namedBy(address).where)
    .limit(1)
  return row?.isPublic ? row : undefined
}

/**
 * `admit` runs once the profile is known, before anything is written (the per-profile rate limit, the replay's owner).
 * With `shown`, the gift is bought only while it still has the name and price the visitor confirmed: the check is in
 * the UPDATE that marks it bought, so an owner's edit committed first always wins (decision 206).
 */
export async function purchaseItem(
  db: Db,
  address: string,
  { wishlistItemId, shown }: VisitorPurchase,
  now: Date,
  admit: (profileId: string, ownerId: string) => Promise<void> = async () => {},
): Promise<VisitorPurchaseResult> {
  const profile = await findPublicProfile(db, address)
  if (!profile) throw new ApiError(404, PURCHASE_MESSAGES.profileNotFound)
  // A page still open on a profile switched to another type must not sell its old wishlist.
  if (profile.profileType !== 'WISHLIST') throw new ApiError(409, PURCHASE_MESSAGES.notWishlist, {}, PURCHASE_REFUSALS.notWishlist)
  await admit(profile.id, profile.userId)
  if (!isUuid(wishlistItemId)) throw new ApiError(404, PURCHASE_MESSAGES.itemNotFound)
  const result = await db.transaction(async (tx) => {
    // The owner's counter moves too: the purchase is a change the owner's devices must pull.
    const [itemSeq, recordSeq] = await reserveSeqs(tx, profile.userId, 2)
    const [item] = await tx
      .update(wishlistItems)
      .set({ isPurchased: true, purchaseStatus: 'PURCHASED', purchasedPrice: sql`${wishlistItems.price}`, seq: itemSeq ?? 0, updatedAt: now })
      .where(and(
        eq(wishlistItems.id, wishlistItemId),
        eq(wishlistItems.profileId, profile.id),
        eq(wishlistItems.isPurchased, false),
        ...(shown ? [eq(wishlistItems.name, shown.name), eq(wishlistItems.price, shown.price)] : []),
      ))
      .returning({ id: wishlistItems.id, price: wishlistItems.price, name: wishlistItems.name })
    if (!item) {
      const [exists] = await tx
        .select({ isPurchased: wishlistItems.isPurchased, name: wishlistItems.name, price: wishlistItems.price })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.id, wishlistItemId), eq(wishlistItems.profileId, profile.id)))
      if (!exists) throw new ApiError(404, PURCHASE_MESSAGES.itemNotFound)
      if (exists.isPurchased) throw new ApiError(409, PURCHASE_MESSAGES.alreadyPurchased)
      // Only a gift that is no longer what the visitor saw gets here: nothing was written, and they are told what it is now.
      throw new ApiError(409, itemChangedMessage({ name: exists.name, price: exists.price }), {}, PURCHASE_REFUSALS.itemChanged)
    }
    const [record] = await tx
      .insert(purchaseRecords)
      .values({ userId: profile.userId, wishlistItemId: item.id, priceAtPurchase: Number(item.price), purchasedAt: now, seq: recordSeq ?? 0 })
      .returning({ id: purchaseRecords.id })
    // The owner hears of it (issue 29): recorded with the purchase, delivered after commit.
    await recordGift(tx, profile.userId, { itemName: item.name, price: Number(item.price), purchaseId: record?.id ?? '' }, now)
    return { purchaseId: record?.id ?? '', wishlistItemId: item.id, purchasedPrice: Number(item.price), purchasedAt: now.toISOString(), contactInfo: profile.contactInfo }
  })
  invalidatePublicProfile(db, profile.id)
  return result
}

/**
 * Stores the buyer's message with their purchase, once: the purchase id is known only to the buyer (and the owner), and
 * a second message is refused, so a stranger cannot write into someone's purchases; so is a message on a purchase the
 * owner undid. The owner's devices pull it.
 */
export async function saveVisitorMessage(
  db: Db,
  address: string,
  purchaseId: string,
  message: VisitorMessage,
  now: Date,
  admit: (ownerId: string) => Promise<void> = async () => {},
): Promise<void> {
  const profile = await findPublicProfile(db, address)
  if (!profile) throw new ApiError(404, PURCHASE_MESSAGES.profileNotFound)
  if (!isUuid(purchaseId)) throw new ApiError(404, PURCHASE_MESSAGES.purchaseNotFound)
  await admit(profile.userId)
  await db.transaction(async (tx) => {
    const seq = await reserveSeqs(tx, profile.userId, 1)
    const [saved] = await tx
      .update(purchaseRecords)
      .set({ visitorEmail: message.email, visitorMessage: message.message, seq: seq[0] ?? 0 })
      .where(and(eq(purchaseRecords.id, purchaseId), eq(purchaseRecords.userId, profile.userId), isNull(purchaseRecords.visitorMessage), isNull(purchaseRecords.undoneAt)))
      .returning({ id: purchaseRecords.id, wishlistItemId: purchaseRecords.wishlistItemId })
    if (saved) {
      const [item] = await tx.select({ name: wishlistItems.name }).from(wishlistItems).where(eq(wishlistItems.id, saved.wishlistItemId))
      await recordGiftMessage(tx, profile.userId, { itemName: item?.name ?? '', message: message.message, purchaseId: saved.id }, now)
      return
    }
    const [exists] = await tx
      .select({ sent: purchaseRecords.visitorMessage, undoneAt: purchaseRecords.undoneAt })
      .from(purchaseRecords)
      .where(and(eq(purchaseRecords.id, purchaseId), eq(purchaseRecords.userId, profile.userId)))
    if (!exists) throw new ApiError(404, PURCHASE_MESSAGES.purchaseNotFound)
    // The owner undid it ('Back on the wishlist', often a stranger's prank): it carries no new message into their data.
    throw new ApiError(409, exists.sent === null && exists.undoneAt !== null ? PURCHASE_MESSAGES.purchaseUndone : PURCHASE_MESSAGES.messageAlreadySent)
  })
}
