// Tombstone pruning: deletions are kept for the change feed for a while, then dropped; the user's horizon moves up
// so a client whose cursor predates them gets a full snapshot instead of missing a deletion.
import { and, eq, lt, max, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { itemTombstones, users } from '../db/schema.ts'

/** Long enough for a phone that spent a month offline; beyond it the client simply starts from a snapshot. */
export const TOMBSTONE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

/** Runs inside the caller's transaction, after the user's row is locked by the change counter. */
export async function pruneTombstones(tx: Db, userId: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_RETENTION_MS)
  const expired = and(eq(itemTombstones.userId, userId), lt(itemTombstones.deletedAt, cutoff))
  const [oldest] = await tx.select({ seq: max(itemTombstones.seq) }).from(itemTombstones).where(expired)
  const horizon = Number(oldest?.seq ?? 0)
  if (horizon === 0) return
  await tx.delete(itemTombstones).where(expired)
  await tx
    .update(users)
    .set({ tombstoneHorizon: sql`greatest(${users.tombstoneHorizon}, ${horizon})` })
    .where(eq(users.id, userId))
}
