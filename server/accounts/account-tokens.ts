// Mailed single-use tokens (password reset, email verification, taking an account back after an email change): 256
// random bits, only their SHA-256 stored, spent by one DELETE … RETURNING so two clicks of one link cannot both
// succeed, and a newer token of a kind kills the older (not a take-back link: decision 198).
import { and, desc, eq, gt, gte, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { accountTokens } from '../db/schema.ts'
import { hashRefreshToken, newRefreshTokenValue } from './refresh-token-policy.ts'

export type AccountTokenPurpose = 'reset' | 'verify' | 'undo-email-change'

export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  reset: 60 * 60_000,
  verify: 24 * 60 * 60_000,
  'undo-email-change': 7 * 24 * 60 * 60_000,
}

/**
 * A take-back link is never killed by a newer one: each email change mails one to the address it left, and a second
 * change (by whoever holds the account now) must not void the first owner's link (decision 198).
 */
const keepsOlder = (purpose: AccountTokenPurpose) => purpose === 'undo-email-change'

/** Stores a new token of `purpose` for `userId` (every older one of that purpose dies, but a take-back link's) and returns its only plain copy. */
export async function issueAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose, email: string, now: Date): Promise<string> {
  const token = newRefreshTokenValue()
  await db.transaction(async (tx) => {
    if (!keepsOlder(purpose)) await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
    await tx.insert(accountTokens).values({
      tokenHash: hashRefreshToken(token),
      userId,
      purpose,
      email,
      expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MS[purpose]),
      createdAt: now,
    })
  })
  return token
}

/** Spends `token`: the row is deleted whatever follows, and returned only when it was of `purpose` and alive. */
export async function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, now: Date) {
  const [row] = await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashRefreshToken(token)), eq(accountTokens.purpose, purpose)))
    .returning()
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined
  return row
}

export async function dropAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
}

/** The take-back links issued at or after `since` (for changes after the one being undone): an older one stays. */
export async function dropTakeBackTokensSince(db: Db, userId: string, since: Date): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'undo-email-change'), gte(accountTokens.createdAt, since)))
}

/**
 * Whether `email` is the address a live take-back link of another account was mailed to: it stays that account's to
 * take back, so nobody may register it or change to it meanwhile (a hijacker would otherwise squat it and make the
 * take-back leave the account on the hijacker's address; decision 198).
 */
export async function heldForTakeBack(db: Db, email: string, now: Date, exceptUserId?: string): Promise<boolean> {
  const [held] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.purpose, 'undo-email-change'),
        sql`lower(${accountTokens.email}) = lower(${email})`,
        gt(accountTokens.expiresAt, now),
        exceptUserId === undefined ? undefined : ne(accountTokens.userId, exceptUserId),
      ),
    )
    .limit(1)
  return held !== undefined
}

/** A live token of `purpose`, read without spending it: a link's page names its account before the owner types. */
export async function peekAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashRefreshToken(token)), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, now)))
    .limit(1)
  return row
}

/**
 * When the last live take-back link of `userId` runs out, or undefined when none is alive: until then the account is
 * not deleted, or whoever changed its email could delete it before the address's owner takes it back (decision 202).
 */
export async function takeBackOpenUntil(db: Db, userId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'undo-email-change'), gt(accountTokens.expiresAt, now)))
    .orderBy(desc(accountTokens.expiresAt))
    .limit(1)
  return row?.expiresAt
}
