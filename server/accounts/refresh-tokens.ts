// Stored refresh tokens: issue, rotate (with reuse detection), and revoke by family or by user.
import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { pushSubscriptions, refreshTokens, users } from '../db/schema.ts'
import { decideRefresh, hashRefreshToken, newRefreshTokenValue, type RefreshDecision, refreshTokenExpiry } from './refresh-token-policy.ts'

export type RefreshFamily = { id: string; startedAt: Date }

/**
 * Stores a new token of `family` and returns the only plain copy there will be. Without a family, this is a sign-in:
 * a new family starts now.
 */
export async function issueRefreshToken(
  db: Db,
  userId: string,
  now: Date,
  family: RefreshFamily = { id: randomUUID(), startedAt: now },
  deviceName: string | null = null,
): Promise<string> {
  const token = newRefreshTokenValue()
  await db.insert(refreshTokens).values({
    userId,
    familyId: family.id,
    familyStartedAt: family.startedAt,
    tokenHash: hashRefreshToken(token),
    expiresAt: refreshTokenExpiry(now, family.startedAt),
    deviceName,
    lastUsedAt: now,
    createdAt: now,
  })
  return token
}

export type RotationResult =
  | { ok: true; userId: string; refreshToken: string; familyId: string }
  | { ok: false; reason: Exclude<RefreshDecision, 'rotate' | 'reused-within-grace'>; signedOut?: boolean }

/**
 * Exchanges a live token for its successor in the same family. A token rotated moments ago (within the grace window)
 * gets a fresh token of the same family instead: its first answer may have been lost, and refusing it would sign the
 * owner out (docs/decisions/086-refresh-grace-reissues.md). See decideRefresh for every other outcome.
 */
export function rotateRefreshToken(db: Db, token: string, now: Date): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(token))).limit(1)
    let decision = decideRefresh(stored, now)
    if (!stored || (decision !== 'rotate' && decision !== 'reused-within-grace')) {
      if (stored && decision === 'reused-revoke-family') await revokeFamily(tx, stored.familyId, now)
      return { ok: false, reason: decision === 'rotate' || decision === 'reused-within-grace' ? 'unknown' : decision, signedOut: stored?.revokedReason === 'signed-out' }
    }
    // The owner's row before the token's (lock order, server/changes/change-seq.ts): the successor's insert takes
    // this key-share lock anyway, and taking it only after claiming the token row would deadlock against an
    // account deletion, which locks the owner and then deletes the tokens.
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, stored.userId)).for('key share')
    if (!owner) return { ok: false, reason: 'unknown' }
    if (decision === 'rotate') {
      // Claiming the row with a conditional update makes two simultaneous refreshes of one token yield one rotation.
      const claimed = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, stored.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      if (claimed.length === 0) {
        // The other refresh won (this one is a reuse within the window), or a logout revoked the family meanwhile.
        const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, stored.id)).limit(1)
        decision = decideRefresh(current, now)
        if (decision !== 'reused-within-grace') return { ok: false, reason: decision === 'rotate' ? 'unknown' : decision }
      }
    }
    // The presented token keeps its first rotation time, so repeated reuse never stretches the window.
    const refreshToken = await issueRefreshToken(tx, stored.userId, now, { id: stored.familyId, startedAt: stored.familyStartedAt }, stored.deviceName)
    return { ok: true, userId: stored.userId, refreshToken, familyId: stored.familyId }
  })
}

export async function revokeFamily(db: Db, familyId: string, now: Date, reason: 'signed-out' | null = null): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
  // The device's push subscriptions end with its sign-in: a signed-out device hears nothing more (issue 29).
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.familyId, familyId))
}

/** Logout: revokes the family of `token`; an unknown token changes nothing (and the caller still answers 204). */
export async function revokeFamilyOfToken(db: Db, token: string, now: Date): Promise<void> {
  const [stored] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .limit(1)
  if (stored) await revokeFamily(db, stored.familyId, now)
}

/** Password change (and account-wide sign-out): every session of the user ends. */
export async function revokeAllForUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), isNotNull(pushSubscriptions.familyId)))
}
