// DELETE /api/users/me: every row and image of one owner removed in one transaction (its draft orders queued for
// cancelling at the provider), then the public profile forgotten.
import { and, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import {
  idempotencyKeys,
  images,
  itemTombstones,
  linkedIdentities,
  orders,
  printFiles,
  profiles,
  providerCancellations,
  publicAddresses,
  purchaseRecords,
  refreshTokens,
  scanDays,
  users,
  wishlistItems,
} from '../db/schema.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'
import { deletionHeldUntil } from '../../src/contract/account.ts'
import { ApiError } from '../http/http.ts'
import { takeBackOpenUntil } from './account-tokens.ts'

type OwnedTable = PgTable & { userId: PgColumn }

/**
 * Every table holding rows of the owner, children before the tables they point at. The rows are deleted
 * explicitly rather than left to ON DELETE CASCADE, so a table added later without a cascade is caught by the
 * account-deletion test instead of blocking the delete. A new table of the owner (orders, scans) is one line here.
 */
const OWNED_TABLES: OwnedTable[] = [purchaseRecords, wishlistItems, itemTombstones, orders, printFiles, scanDays, profiles, images, refreshTokens, linkedIdentities]

/**
 * Deletes the account and returns the ids of the profiles it had, or undefined when the user no longer exists.
 * Lock order as every other write: the owner's row first (SELECT ... FOR UPDATE), so a concurrent purchase or edit
 * of this owner waits for the delete instead of deadlocking against it. Refused (409) while a take-back link of an
 * email change is alive (decision 202): checked under the lock the email change takes too.
 */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<string[] | undefined> {
  const profileIds = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!owner) return undefined
    const heldUntil = await takeBackOpenUntil(tx, userId, now)
    if (heldUntil) throw new ApiError(409, deletionHeldUntil(heldUntil))
    const owned = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId))
    // Drafts at the provider hold the owner's name and address: recorded here, in the same transaction, so the
    // cancellation outlives the orders' rows and is never lost; the worker cancels them after the commit (issue 27).
    const drafts = await tx
      .select({ provider: orders.provider, providerOrderId: orders.providerOrderId })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'draft')))
    if (drafts.length > 0) await tx.insert(providerCancellations).values(drafts).onConflictDoNothing()
    for (const table of OWNED_TABLES) await tx.delete(table).where(eq(table.userId, userId))
    // The username is freed; the shareableId is retired, not freed: it is printed on shirts that cannot be reprinted,
    // so no later username or draw may ever take it (decision 070). The kept row names no one.
    await tx.delete(publicAddresses).where(and(eq(publicAddresses.userId, userId), eq(publicAddresses.kind, 'username')))
    await tx.update(publicAddresses).set({ userId: null }).where(eq(publicAddresses.userId, userId))
    // Stored answers of the owner's earlier writes are replay records keyed by the user id; they go too.
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, userId))
    // Visitors' stored purchase answers carry this owner's contact info under the visitor's scope.
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.ownerId, userId))
    // Last: the username and email are free again the moment this commits.
    await tx.delete(users).where(eq(users.id, userId))
    return owned.map((row) => row.id)
  })
  // After the commit, as for every profile write: the next scan reads the database, which answers 404.
  for (const profileId of profileIds ?? []) invalidatePublicProfile(db, profileId)
  return profileIds
}
