// Per-device mutation ids of the sync push: the last id applied per owner and device, recorded in the write's own
// transaction, so a committed write never runs twice however late its resend comes (docs/decisions/087).
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clientMutations } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'

/** One push operation's identity: the sending device (an id of the owner's local database) and its running number. */
export type ClientMutation = { userId: string; deviceId: string; mutationId: number }

export const ALREADY_APPLIED_MESSAGE = 'This change was already applied.'

/**
 * The push mutation a dispatched operation belongs to (the route hands it to its write), or undefined. The push runs
 * each operation through the whole app (app.fetch) with the mutation in that call's bindings (c.env), not in a header,
 * so only the push can set it and ordinary clients keep plain Idempotency-Key semantics. Not AsyncLocalStorage: once
 * one is used, Node's async hooks run on every request of the process, the scan's hot path included (decision 108).
 */
export function mutationOf(c: { env: { mutation?: ClientMutation } | undefined }): ClientMutation | undefined {
  return c.env?.mutation
}

/** The last mutation id of this device that a write committed; 0 for a device never seen. */
export async function lastAppliedMutation(db: Db, userId: string, deviceId: string): Promise<number> {
  const [row] = await db
    .select({ last: clientMutations.lastMutationId })
    .from(clientMutations)
    .where(and(eq(clientMutations.userId, userId), eq(clientMutations.deviceId, deviceId)))
    .limit(1)
  return Number(row?.last ?? 0)
}

/**
 * Records the running push operation's mutation id inside the caller's write transaction, after the owner's row lock
 * (lock order, change-seq.ts). The write and its id commit together or not at all. An id at or below the stored one
 * means the write already committed (the push checks this before running the operation, so only a race gets here):
 * the transaction is rolled back and the client asked to come back, when the push answers it as applied.
 */
export async function recordClientMutation(tx: Db, userId: string, now: Date, mutation: ClientMutation | undefined): Promise<void> {
  if (!mutation || mutation.userId !== userId) return
  const recorded = await tx
    .insert(clientMutations)
    .values({ userId, deviceId: mutation.deviceId, lastMutationId: mutation.mutationId, updatedAt: now })
    .onConflictDoUpdate({
      target: [clientMutations.userId, clientMutations.deviceId],
      set: { lastMutationId: mutation.mutationId, updatedAt: now },
      setWhere: sql`${clientMutations.lastMutationId} < ${mutation.mutationId}`,
    })
    .returning({ last: clientMutations.lastMutationId })
  if (recorded.length === 0) throw new ApiError(409, ALREADY_APPLIED_MESSAGE, { 'Retry-After': '1' })
}
