// The per-user change counter behind the sync cursor: every write takes fresh values in its own transaction.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'

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
  if (!row) throw new Error(`reserveSeqs: user ${userId} does not exist`)
  const last = Number(row.changeSeq)
  return Array.from({ length: count }, (_, i) => last - count + 1 + i)
}

export async function nextSeq(tx: Db, userId: string): Promise<number> {
  const [seq] = await reserveSeqs(tx, userId, 1)
  return seq ?? 0
}
