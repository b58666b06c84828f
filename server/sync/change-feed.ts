// GET /api/sync/changes: everything of one owner changed after a cursor, paged by the per-user change counter.
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm'
import { SCAN_DAYS_DEFAULT } from '../../src/contract/scans.ts'
import type { SyncChanges } from '../../src/contract/sync.ts'
import type { Db } from '../db/client.ts'
import { itemTombstones, orders, profiles, purchaseRecords, syncEpoch, users, wishlistItems } from '../db/schema.ts'
import { toWishlistItem } from '../profiles/item-view.ts'
import { toProfile } from '../profiles/profile-view.ts'
import { toOrder } from '../orders/print-provider/order-writes.ts'
import { toPurchaseRecord } from '../profiles/purchase-record-view.ts'
import { scanDaysOf } from '../scans/scan-stats.ts'

type Change =
  | { seq: number; kind: 'item'; value: SyncChanges['items'][number] }
  | { seq: number; kind: 'tombstone'; value: string }
  | { seq: number; kind: 'purchase'; value: SyncChanges['purchases'][number] }
  | { seq: number; kind: 'order'; value: SyncChanges['orders'][number] }

/**
 * A full snapshot (`reset: true`) for cursor 0, for a cursor older than the kept tombstones, for a cursor from
 * the future (a client that synced with another database), and for a cursor of another epoch (the data was restored
 * from a backup, so the counter behind the cursor went back and counts other writes now). Otherwise the rows whose seq is above the cursor, at most
 * `limit` of them in seq order; the answer's cursor is where the next page starts.
 */
export async function loadChanges(db: Db, userId: string, cursor: number, limit: number, epoch?: string, now = new Date()): Promise<SyncChanges> {
  // One snapshot for the counter and every table, so the cursor handed out matches the rows handed out.
  const answer = await db.transaction((tx) => readChanges(tx, userId, cursor, limit, epoch), { isolationLevel: 'repeatable read', accessMode: 'read only' })
  // Scan counts change without any write of the owner, so they ride on the last page of every pull, not on the cursor.
  if (!answer.hasMore) answer.scans = await scanDaysOf(db, userId, SCAN_DAYS_DEFAULT, now)
  return answer
}

/**
 * The epoch (docs/decisions/088-change-feed-epoch.md): the database's random value, the oid of the table holding it
 * (a restore from a dump recreates the table, so it changes even when the value is restored with it), and the
 * owner's own number (moved when only this owner's data is restored). An operator who restores a physical copy
 * gives the database a new value.
 */
const EPOCH = sql<string | null>`(select ${syncEpoch.epoch} || '.' || 'sync_epoch'::regclass::oid::text from ${syncEpoch} where ${syncEpoch.id} = 1) || '.' || ${users.syncEpoch}`

async function readChanges(db: Db, userId: string, cursor: number, limit: number, clientEpoch: string | undefined): Promise<SyncChanges> {
  const [user] = await db
    .select({ changeSeq: users.changeSeq, horizon: users.tombstoneHorizon, username: users.username, epoch: EPOCH })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error('loadChanges: unknown user')
  const head = Number(user.changeSeq)
  const epoch = user.epoch ?? ''
  // A client without an epoch predates epochs: its cursor is trusted as before (it gets one with this answer).
  const otherEpoch = clientEpoch !== undefined && clientEpoch !== epoch
  const reset = cursor === 0 || otherEpoch || cursor < Number(user.horizon) || cursor > head
  const after = reset ? 0 : cursor
  // Rows written before the counter existed carry seq 0; a snapshot must include them.
  const fresh = <T extends typeof wishlistItems.seq | typeof purchaseRecords.seq | typeof itemTombstones.seq | typeof orders.seq>(column: T) =>
    reset ? gte(column, 0) : gt(column, after)

  const [itemRows, tombstoneRows, purchaseRows, [profileRow], orderRows] = await Promise.all([
    db.select().from(wishlistItems).where(and(eq(wishlistItems.userId, userId), fresh(wishlistItems.seq))).orderBy(asc(wishlistItems.seq)).limit(limit + 1),
    // A snapshot replaces the client's copy, so it needs no tombstones.
    reset
      ? Promise.resolve([])
      : db.select().from(itemTombstones).where(and(eq(itemTombstones.userId, userId), fresh(itemTombstones.seq))).orderBy(asc(itemTombstones.seq)).limit(limit + 1),
    db.select().from(purchaseRecords).where(and(eq(purchaseRecords.userId, userId), fresh(purchaseRecords.seq))).orderBy(asc(purchaseRecords.seq)).limit(limit + 1),
    db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    db.select().from(orders).where(and(eq(orders.userId, userId), fresh(orders.seq))).orderBy(asc(orders.seq)).limit(limit + 1),
  ])

  const changes: Change[] = [
    ...itemRows.map((row): Change => ({ seq: Number(row.seq), kind: 'item', value: toWishlistItem(row) })),
    ...tombstoneRows.map((row): Change => ({ seq: Number(row.seq), kind: 'tombstone', value: row.itemId })),
    ...purchaseRows.map((row): Change => ({ seq: Number(row.seq), kind: 'purchase', value: toPurchaseRecord(row) })),
    ...orderRows.map((row): Change => ({ seq: Number(row.seq), kind: 'order', value: toOrder(row) })),
  ].sort((a, b) => a.seq - b.seq)
  const page = changes.slice(0, limit)
  const hasMore = changes.length > limit
  // Without more rows the client may jump to the head: nothing it lacks sits below it.
  const nextCursor = hasMore ? (page.at(-1)?.seq ?? after) : Math.max(head, after)

  const answer: SyncChanges = {
    cursor: nextCursor,
    epoch,
    hasMore,
    reset,
    items: page.flatMap((ch) => (ch.kind === 'item' ? [ch.value] : [])),
    deletedItemIds: page.flatMap((ch) => (ch.kind === 'tombstone' ? [ch.value] : [])),
    purchases: page.flatMap((ch) => (ch.kind === 'purchase' ? [ch.value] : [])),
    orders: page.flatMap((ch) => (ch.kind === 'order' ? [ch.value] : [])),
  }
  if (profileRow && (reset || Number(profileRow.seq) > after)) {
    const { wishlist: _wishlist, ...profile } = toProfile(profileRow, user.username, [])
    answer.profile = profile
  }
  return answer
}
