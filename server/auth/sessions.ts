// A signed-in session as the client sees it: a short access token and an opaque refresh token.
import type { AuthResponse } from '../../src/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { type AccessTokenKey, signAccessToken } from './access-token.ts'
import { issueRefreshToken } from './refresh-tokens.ts'

/** Starts a new refresh-token family for `userId` and signs an access token to go with it. */
export async function startSession(db: Db, key: AccessTokenKey, userId: string, now: Date): Promise<AuthResponse> {
  const refreshToken = await issueRefreshToken(db, userId, now)
  return { token: await signAccessToken(key, userId, now), refreshToken }
}
