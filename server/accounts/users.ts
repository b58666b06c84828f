// /api/users/me: the owner changes or (Google-only) sets their password, ending every other session, reads how they
// sign in, exports their data, or deletes the account.
import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { ACCOUNT_MESSAGES, accountExportFileName } from '../../src/contract/account.ts'
import { MESSAGES, PasswordChangeSchema } from '../../src/contract/auth.ts'
import { accessTokenKey } from '../http/access-token.ts'
import { AccountDeleteRequestSchema, SetPasswordSchema, SIGN_IN_METHOD_MESSAGES } from '../../src/contract/sign-in-methods.ts'
import { findUserById, setPasswordHash, signInMethods } from './accounts.ts'
import { withFieldMessages } from './field-messages.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { revokeAllForUser } from './refresh-tokens.ts'
import { requireAuth } from '../http/require-auth.ts'
import { startSession } from './sessions.ts'
import { users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { rateLimiterFor, resolveRateLimits } from '../http/rate-limit.ts'
import { providerCancellationsFor } from '../orders/provider-cancellations.ts'
import { deleteAccount } from './account-deletion.ts'
import { exportAccount } from './account-export.ts'
import { requireRecentSignIn } from './recent-sign-in.ts'
import { deviceNameFrom } from './device-name.ts'
import { accountSettingsRoutes } from './account-settings.ts'

export const WRONG_CURRENT_PASSWORD = MESSAGES.currentPasswordWrong
const PasswordChangeBody = withFieldMessages(PasswordChangeSchema)
const SetPasswordBody = withFieldMessages(SetPasswordSchema)

export function userRoutes(deps: AppDeps) {
  const { database, config, now } = deps
  const { db } = database
  const key = accessTokenKey(config.jwtSecret)
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)

  return new Hono<AppEnv>()
    .route('/', accountSettingsRoutes(deps))
    .put('/me', requireAuth(deps), validate('json', PasswordChangeBody), async (c) => {
    const userId = c.var.userId
    // A stolen access token must not become a way to guess the current password at full speed.
    await limiter.enforce('password-change', userId, limits.passwordChange)
    const { currentPassword, newPassword } = c.req.valid('json')
    const user = await findUserById(db, userId)
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) throw new ApiError(400, WRONG_CURRENT_PASSWORD)
    const passwordHash = await hashPassword(newPassword)
    const session = await db.transaction(async (tx) => {
      await setPasswordHash(tx, userId, passwordHash)
      // Every refresh token ends, this device's included; the fresh pair below keeps this device signed in.
      await revokeAllForUser(tx, userId, now())
      return startSession(tx, key, userId, now(), { deviceName: deviceNameFrom(c.req.header('User-Agent')) })
    })
    return c.json(session, 200)
  })
    .get('/me/sign-in-methods', requireAuth(deps), async (c) => {
      const methods = await signInMethods(db, c.var.userId)
      if (!methods) throw new ApiError(404, 'Account not found')
      return c.json(methods, 200)
    })
    .put('/me/password', requireAuth(deps), validate('json', SetPasswordBody), async (c) => {
      const userId = c.var.userId
      await limiter.enforce('password-change', userId, limits.passwordChange)
      // No current password exists to ask for: only a recent sign-in (a fresh Google one) may set it (issue 24).
      const owner = await findUserById(db, userId)
      if (!owner) throw new ApiError(404, 'Account not found')
      if (owner.passwordHash !== null) throw new ApiError(400, SIGN_IN_METHOD_MESSAGES.alreadyHasPassword)
      await requireRecentSignIn(c, now(), owner, undefined)
      const passwordHash = await hashPassword(c.req.valid('json').newPassword)
      const session = await db.transaction(async (tx) => {
        // Set only where none exists, in one statement: a password, once there, is changed only with itself.
        const [set] = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, userId), isNull(users.passwordHash)))
          .returning({ id: users.id })
        if (!set) throw new ApiError(400, SIGN_IN_METHOD_MESSAGES.alreadyHasPassword)
        // As for a change: every other session ends, and this device gets a fresh pair (decision 102).
        await revokeAllForUser(tx, userId, now())
        return startSession(tx, key, userId, now(), { deviceName: deviceNameFrom(c.req.header('User-Agent')) })
      })
      return c.json(session, 200)
    })
    .get('/me/export', requireAuth(deps), async (c) => {
      const exportedAt = now()
      const document = await exportAccount(db, c.var.userId, config.publicUrl, exportedAt)
      if (!document.account) throw new ApiError(404, 'Account not found')
      // A download, never shown inline, and never kept by a browser or proxy: it holds the owner's contact info.
      return c.body(JSON.stringify(document, null, 2), 200, {
        'Content-Type': 'application/json; charset=UTF-8',
        'Content-Disposition': `attachment; filename="${accountExportFileName(document.account.username, exportedAt)}"`,
        'Cache-Control': 'no-store',
      })
    })
    .delete('/me', requireAuth(deps), validate('json', AccountDeleteRequestSchema), async (c) => {
      const userId = c.var.userId
      const { currentPassword, confirmUsername } = c.req.valid('json')
      const user = await findUserById(db, userId)
      if (user?.passwordHash === null) {
        // A Google-only account has no password to ask for; typing the username confirms the intent (decision 102).
        if (!confirmUsername) throw new ApiError(400, currentPassword ? SIGN_IN_METHOD_MESSAGES.noPasswordToCheck : SIGN_IN_METHOD_MESSAGES.confirmUsernameRequired)
        await limiter.enforce('password-change', userId, limits.passwordChange)
        if (confirmUsername.trim().toLowerCase() !== user.username.toLowerCase()) throw new ApiError(400, SIGN_IN_METHOD_MESSAGES.confirmUsernameWrong)
        // The username is no secret: a stolen access token must not delete the account (issue 24).
        await requireRecentSignIn(c, now(), user, undefined)
      } else {
        if (!currentPassword) throw new ApiError(400, ACCOUNT_MESSAGES.deletePasswordRequired)
        // The same budget as the password change: both are guesses at the current password with a token in hand.
        await limiter.enforce('password-change', userId, limits.passwordChange)
        // 400 like the password change, not 401: a 401 would make clients refresh their session and sign out.
        if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) throw new ApiError(400, WRONG_CURRENT_PASSWORD)
      }
      await deleteAccount(db, userId, now())
      // The drafts recorded by the deletion are cancelled at the provider in the background, with retries.
      providerCancellationsFor(deps).kick()
      return c.body(null, 204)
    })
}
