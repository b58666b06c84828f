// Pure rules of opaque refresh tokens: how they are made and hashed, and what presenting a stored one leads to.
import { createHash, randomBytes } from 'node:crypto'

const DAY_MS = 24 * 60 * 60 * 1000
/** A token unused for this long expires (sliding: each rotation starts a fresh one, within the family's lifetime). */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS
/**
 * However often it is used, a family ends this long after the sign-in that started it, so a stolen token that is
 * kept fresh cannot outlive it (docs/decisions/077-refresh-token-family-lifetime.md).
 */
export const REFRESH_FAMILY_MAX_AGE_MS = 90 * DAY_MS
/**
 * Two tabs, or a retry whose first answer was lost, may present the same token moments apart; within this window a
 * second use gets a fresh token of the same family, so a lost answer never ends a session; after it, the family is
 * revoked (docs/decisions/086-refresh-grace-reissues.md, superseding in part 010).
 */
export const REUSE_GRACE_MS = 30_000

/** 32 random bytes (256 bits) as base64url: 43 characters, nothing to decode, nothing to guess. */
export const newRefreshTokenValue = (): string => randomBytes(32).toString('base64url')

/** Only this SHA-256 is stored, so a database leak yields no usable token (the token is already high-entropy). */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export type StoredRefreshToken = { expiresAt: Date; familyStartedAt: Date; rotatedAt: Date | null; revokedAt: Date | null }

export type RefreshDecision =
  | 'rotate'
  | 'unknown'
  | 'revoked'
  | 'expired'
  /** A rotated token shown again within the grace window: issue a fresh token of the same family. */
  | 'reused-within-grace'
  /** A rotated token shown again after the grace window: someone replays a copy, so the family is revoked. */
  | 'reused-revoke-family'

export function decideRefresh(stored: StoredRefreshToken | undefined, now: Date): RefreshDecision {
  if (!stored) return 'unknown'
  if (stored.revokedAt) return 'revoked'
  // Reuse is judged before expiry: an old copy replayed late still signals theft of a family that may be alive.
  if (stored.rotatedAt) {
    if (now.getTime() - stored.rotatedAt.getTime() > REUSE_GRACE_MS) return 'reused-revoke-family'
    // Within the window the family goes on (a lost answer), but never past its own end.
    return familyEnd(stored.familyStartedAt) <= now.getTime() ? 'expired' : 'reused-within-grace'
  }
  // The family's end is checked besides the token's own expiry: tokens issued before the cap existed expire later.
  if (Math.min(stored.expiresAt.getTime(), familyEnd(stored.familyStartedAt)) <= now.getTime()) return 'expired'
  return 'rotate'
}

const familyEnd = (familyStartedAt: Date): number => familyStartedAt.getTime() + REFRESH_FAMILY_MAX_AGE_MS

/** A token issued now lives its 30 days, but never past the end of its family. */
export const refreshTokenExpiry = (now: Date, familyStartedAt: Date = now): Date =>
  new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, familyEnd(familyStartedAt)))
