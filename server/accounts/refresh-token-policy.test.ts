import { describe, expect, it } from 'vitest'
import {
  decideRefresh,
  hashRefreshToken,
  newRefreshTokenValue,
  REFRESH_FAMILY_MAX_AGE_MS,
  REFRESH_TOKEN_TTL_MS,
  refreshTokenExpiry,
  REUSE_GRACE_MS,
  type RefreshDecision,
  type StoredRefreshToken,
} from './refresh-token-policy.ts'

const now = new Date('2030-01-01T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const later = (ms: number) => new Date(now.getTime() + ms)
const DAY = 24 * 60 * 60 * 1000
const live: StoredRefreshToken = { expiresAt: later(REFRESH_TOKEN_TTL_MS), familyStartedAt: ago(DAY), rotatedAt: null, revokedAt: null }

const cases: [string, StoredRefreshToken | undefined, RefreshDecision][] = [
  ['a live token rotates', live, 'rotate'],
  ['an unknown token is refused', undefined, 'unknown'],
  ['a revoked token is refused', { ...live, revokedAt: ago(1000) }, 'revoked'],
  ['a revoked and rotated token is refused as revoked', { ...live, rotatedAt: ago(60_000), revokedAt: ago(1) }, 'revoked'],
  ['an expired token is refused', { ...live, expiresAt: ago(1) }, 'expired'],
  ['a token expiring exactly now is refused', { ...live, expiresAt: now }, 'expired'],
  ['reuse 1 s after rotation is within grace', { ...live, rotatedAt: ago(1000) }, 'reused-within-grace'],
  ['reuse exactly at the end of grace is within grace', { ...live, rotatedAt: ago(REUSE_GRACE_MS) }, 'reused-within-grace'],
  ['reuse within grace of a family that ended meanwhile is refused as expired', { ...live, familyStartedAt: ago(REFRESH_FAMILY_MAX_AGE_MS), rotatedAt: ago(1000) }, 'expired'],
  ['reuse after grace revokes the family', { ...live, rotatedAt: ago(REUSE_GRACE_MS + 1) }, 'reused-revoke-family'],
  ['reuse of an expired rotated token still revokes the family', { ...live, rotatedAt: ago(REFRESH_TOKEN_TTL_MS), expiresAt: ago(1) }, 'reused-revoke-family'],
  ['a live token of a family started 89 days ago rotates', { ...live, familyStartedAt: ago(89 * DAY) }, 'rotate'],
  ['a live token of a family started 90 days ago is refused as expired', { ...live, familyStartedAt: ago(REFRESH_FAMILY_MAX_AGE_MS) }, 'expired'],
  ['a token issued before the family cap, past the family end, is refused as expired', { ...live, familyStartedAt: ago(200 * DAY) }, 'expired'],
  ['reuse in a family past its end still revokes the family', { ...live, familyStartedAt: ago(100 * DAY), rotatedAt: ago(DAY) }, 'reused-revoke-family'],
]

describe('decideRefresh', () => {
  it.each(cases)('%s', (_name, stored, expected) => {
    expect(decideRefresh(stored, now)).toBe(expected)
  })
})

describe('refreshTokenExpiry', () => {
  it('gives a token of a new family its 30 days', () => {
    expect(refreshTokenExpiry(now)).toEqual(later(REFRESH_TOKEN_TTL_MS))
  })

  it('gives a successor 30 days while the family has more than that left', () => {
    expect(refreshTokenExpiry(now, ago(10 * DAY))).toEqual(later(REFRESH_TOKEN_TTL_MS))
  })

  it('never lets a successor outlive its family', () => {
    const startedAt = ago(80 * DAY)
    expect(refreshTokenExpiry(now, startedAt)).toEqual(new Date(startedAt.getTime() + REFRESH_FAMILY_MAX_AGE_MS))
  })
})

describe('refresh token values', () => {
  it('are 256-bit base64url strings, different each time', () => {
    const a = newRefreshTokenValue()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newRefreshTokenValue()).not.toBe(a)
  })

  it('are stored as a SHA-256 hex digest, never as themselves', () => {
    const token = newRefreshTokenValue()
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashRefreshToken(token)).not.toContain(token)
  })
})
