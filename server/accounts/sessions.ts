// A signed-in session as the client sees it: a short access token and an opaque refresh token.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { AuthResponse } from '../../src/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'
import { type AccessTokenKey, signAccessToken } from '../http/access-token.ts'
import { issueRefreshToken } from './refresh-tokens.ts'

export type SessionStart = {
  /** When the owner proved who they are; null for a sign-in that proves nothing recent (a Google SSO session). */
  authTime?: Date | null
  /** The device list's name for this sign-in (from the User-Agent). */
  deviceName?: string
}

/**
 * Starts a new refresh-token family for `userId` and signs an access token to go with it. The owner's row is taken
 * FOR KEY SHARE first (lock order, server/changes/change-seq.ts): a sign-in racing the account's deletion waits for
 * it and then answers 401, instead of inserting a token under a user that is gone (a foreign-key error, a 500).
 */
export async function startSession(db: Db, key: AccessTokenKey, userId: string, now: Date, start: SessionStart = {}): Promise<AuthResponse> {
  const family = { id: randomUUID(), startedAt: now }
  const refreshToken = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share')
    if (!owner) throw new ApiError(401, 'This account no longer exists.')
    return issueRefreshToken(tx, userId, now, family, start.deviceName)
  })
  return { token: await signAccessToken(key, userId, now, start.authTime === undefined ? now : start.authTime, family.id), refreshToken }
}
