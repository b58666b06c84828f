// The per-user change counter behind the sync cursor, and the lock order of every write: each write takes fresh
// values in its own transaction, and taking them is the transaction's first lock.
//
// Lock order (docs/decisions/076-database-failures.md). A transaction that writes an owner's data locks, in this order:
//   0. (a sync push only) the owner's push advisory lock, held around the whole batch (push-serializer.ts);
//   1. the owner's `users` row: reserveSeqs/nextSeq as the first statement (account deletion: SELECT ... FOR UPDATE);
//   2. the owner's `profiles` row;
//   3. `wishlist_items` rows;
//   4. rows hanging off them: `item_tombstones`, `purchase_records`, `images`.
// Reads that decide what to write (the item's current image, whether it exists) happen after step 1, so they see
// the last committed write of this owner. A write that never takes a sequence number but touches the owner's rows
// (a refresh-token rotation, which inserts under the user's foreign key) takes the owner's row FOR KEY SHARE first.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'

/**
 * Reserves `count` consecutive sequence numbers for the user and returns them in order. The UPDATE locks the user's
 * row until the transaction ends, so two writes of one user never interleave their numbers, and a rolled-back write
 * leaves no visible gap-filling row behind. Each changed row gets its own number so a page of the change feed can end
 * between any two rows without splitting a value.
 */
export async function reserveSeqs(tx: Db, userId: string, count = 1): Promise<number[]> {
  const [row] = await tx
    .update(users)
    .set({ changeSeq: sql`${users.changeSeq} + ${count}` })
    .where(eq(users.id, userId))
    .returning({ changeSeq: users.changeSeq })
  // Only a race with the account's deletion gets here (routes check the user first): the owner is gone.
  if (!row) throw new ApiError(404, 'This account no longer exists.')
  const last = Number(row.changeSeq)
  return Array.from({ length: count }, (_, i) => last - count + 1 + i)
}

export async function nextSeq(tx: Db, userId: string): Promise<number> {
  const [seq] = await reserveSeqs(tx, userId, 1)
  return seq ?? 0
}
