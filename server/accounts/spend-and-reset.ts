// The step the two mailed password links (reset, email-change take-back) share, so they cannot drift apart: the token is
// spent and, when the caller accepts it, the password is replaced and every session ends, in the caller's transaction.
import { eq } from 'drizzle-orm'
import { type AccountTokenPurpose, consumeAccountToken, dropAccountTokens } from './account-tokens.ts'
import { setPasswordHash } from './accounts.ts'
import { revokeAllForUser } from './refresh-tokens.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'

export type SpentToken = NonNullable<Awaited<ReturnType<typeof consumeAccountToken>>>
/** What the account's row becomes besides the end of its sessions. */
type AccountChanges = Pick<Partial<typeof users.$inferInsert>, 'email' | 'emailVerifiedAt'>

/**
 * Spends `token` of `purpose`; `accept` reads (and locks) what it needs and returns the row's changes in `set`, or
 * undefined to refuse the link. Returns what `accept` returned with the spent token, or undefined when nothing was reset.
 */
export async function spendAndReset<T extends { set: AccountChanges }>(
  tx: Db,
  token: string,
  purpose: AccountTokenPurpose,
  passwordHash: string,
  at: Date,
  accept: (spent: SpentToken) => Promise<T | undefined>,
): Promise<(T & { spent: SpentToken }) | undefined> {
  const spent = await consumeAccountToken(tx, token, purpose, at)
  if (!spent) return undefined
  const accepted = await accept(spent)
  if (!accepted) return undefined
  await setPasswordHash(tx, spent.userId, passwordHash)
  // Every session ends now: refresh tokens below, access tokens issued before this second by sessionsValidFrom.
  await tx.update(users).set({ ...accepted.set, sessionsValidFrom: at }).where(eq(users.id, spent.userId))
  await revokeAllForUser(tx, spent.userId, at)
  await dropAccountTokens(tx, spent.userId, 'reset')
  return { ...accepted, spent }
}
