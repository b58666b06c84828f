// Middleware for owner routes: a valid bearer access token of an existing user, else 401 {message}.
import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { ACCOUNT_MESSAGES } from '../../src/contract/account.ts'
import { users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError } from './http.ts'
import { accessTokenKey, verifyAccessClaims } from './access-token.ts'

export function requireAuth({ config, database, now }: AppDeps) {
  const key = accessTokenKey(config.jwtSecret)
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')
    if (!match?.[1]) throw new ApiError(401, 'Authentication required', { 'WWW-Authenticate': 'Bearer' })
    const claims = await verifyAccessClaims(key, match[1], now())
    const userId = claims?.userId
    if (!claims || !userId) throw new ApiError(401, 'Invalid or expired token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
    // A deleted account's still-valid token must not act. It is told why: only its holder has it, and a client whose
    // DELETE /api/users/me answer was lost learns from its retry that the account is gone.
    const [user] = await database.db.select({ id: users.id, sessionsValidFrom: users.sessionsValidFrom }).from(users).where(eq(users.id, userId)).limit(1)
    if (!user) throw new ApiError(401, ACCOUNT_MESSAGES.gone, { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
    // Issued before a password reset ended every session: refused at once (its refresh token is revoked too). `iat`
    // has whole seconds, so the cut is the reset's second: a sign-in right after the reset is not caught by it.
    if (user.sessionsValidFrom && (!claims.issuedAt || claims.issuedAt.getTime() < Math.floor(user.sessionsValidFrom.getTime() / 1000) * 1000))
      throw new ApiError(401, 'Invalid or expired token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
    c.set('userId', userId)
    c.set('authTime', claims.authTime)
    c.set('sessionId', claims.sessionId)
    await next()
  })
}
