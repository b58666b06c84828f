// /api/users/me (read), its email (change, confirmation resend) and its Google link (disconnect): the account settings
// of issue 24, each sensitive change behind a recent sign-in (server/accounts/recent-sign-in.ts).
import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { EmailChangeSchema, RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { CONFLICT_MESSAGES, findUserById, isSameEmail, signInMethods } from './accounts.ts'
import { dropAccountTokens, heldForTakeBack } from './account-tokens.ts'
import { withFieldMessages } from './field-messages.ts'
import { requireAuth } from '../http/require-auth.ts'
import { requireRecentSignIn } from './recent-sign-in.ts'
import { linkedIdentities, users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, readJsonBody, validate } from '../http/http.ts'
import { rateLimiterFor, resolveRateLimits } from '../http/rate-limit.ts'
import { accountMailFor } from '../mail/app-mail.ts'
import { mailAccountLink, mailEmailChangeNotice } from './account-mail.ts'
import { devicesRoutes } from './devices.ts'

const EmailChangeBody = withFieldMessages(EmailChangeSchema)

export const GOOGLE_LINK_MESSAGES = {
  notLinked: 'Google is not connected to this account.',
  lastMethod: 'Set a password first: without Google or a password, nobody could sign in to this account.',
  disconnected: 'Google is disconnected. Sign in with your email and password from now on.',
} as const

export function accountSettingsRoutes(deps: AppDeps) {
  const { database, now } = deps
  const { db } = database
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  const account = async (userId: string) => {
    const user = await findUserById(db, userId)
    if (!user) throw new ApiError(404, 'Account not found')
    return user
  }

  return new Hono<AppEnv>()
    .route('/', devicesRoutes(deps))
    .get('/me', requireAuth(deps), async (c) => {
      const user = await account(c.var.userId)
      const methods = await signInMethods(db, user.id)
      return c.json(
        {
          username: user.username,
          email: user.email,
          emailVerified: user.emailVerifiedAt !== null,
          emailVerificationAvailable: accountMailFor(deps) !== undefined,
          signInMethods: { password: user.passwordHash !== null, google: methods?.google ?? false },
        },
        200,
      )
    })
    .put('/me/email', requireAuth(deps), validate('json', EmailChangeBody), async (c) => {
      const userId = c.var.userId
      await limiter.enforce('sensitive-change', userId, limits.sensitiveChangePerUser)
      const { email, currentPassword } = c.req.valid('json')
      const user = await account(userId)
      await requireRecentSignIn(c, now(), user, currentPassword)
      if (isSameEmail(user.email, email)) throw new ApiError(400, RECOVERY_MESSAGES.emailUnchanged)
      const at = now()
      const changed = await db.transaction(async (tx) => {
        // The row as it is now, locked: a take-back committed since the checks above ended this session, and its
        // notice must go to the address the account has now, never to one read before (decision 198).
        const [locked] = await tx.select({ email: users.email, sessionsValidFrom: users.sessionsValidFrom }).from(users).where(eq(users.id, userId)).for('update')
        if (!locked || (locked.sessionsValidFrom?.getTime() ?? 0) !== (user.sessionsValidFrom?.getTime() ?? 0)) throw new ApiError(401, 'Invalid or expired token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' })
        const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId}`).limit(1)
        if (taken || (await heldForTakeBack(tx, email, at, userId))) return false
        // The new address is unproved until its link is used; links mailed to the old one die with it, except the
        // take-back links of earlier changes (decision 198): the old address gets one more.
        await tx.update(users).set({ email, emailVerifiedAt: null }).where(eq(users.id, userId))
        await dropAccountTokens(tx, userId, 'verify')
        await dropAccountTokens(tx, userId, 'reset')
        await mailEmailChangeNotice(deps, tx, { ...user, email: locked.email }, email, at)
        return true
      })
      if (!changed) throw new ApiError(409, CONFLICT_MESSAGES.email)
      await mailAccountLink(deps, db, userId, 'verify', now())
      return c.json({ message: RECOVERY_MESSAGES.emailChanged }, 200)
    })
    .post('/me/verification-email', requireAuth(deps), async (c) => {
      const user = await account(c.var.userId)
      if (user.emailVerifiedAt) throw new ApiError(409, RECOVERY_MESSAGES.alreadyVerified)
      if (!accountMailFor(deps)) throw new ApiError(503, RECOVERY_MESSAGES.mailUnavailable)
      await limiter.enforce('verification-resend', user.id, limits.verificationResendPerUser)
      await mailAccountLink(deps, db, user.id, 'verify', now())
      return c.json({ message: RECOVERY_MESSAGES.verificationSent }, 202)
    })
    .delete('/me/google', requireAuth(deps), async (c) => {
      const userId = c.var.userId
      await limiter.enforce('sensitive-change', userId, limits.sensitiveChangePerUser)
      const user = await account(userId)
      // An optional JSON body { currentPassword } stands for the recent sign-in, as on PUT /me/email.
      const body = await readJsonBody(c)
      const given = typeof body === 'object' && body !== null && 'currentPassword' in body ? body.currentPassword : undefined
      await requireRecentSignIn(c, now(), user, typeof given === 'string' && given.length <= 1000 ? given : undefined)
      if (user.passwordHash === null) throw new ApiError(400, GOOGLE_LINK_MESSAGES.lastMethod)
      const removed = await db
        .delete(linkedIdentities)
        .where(and(eq(linkedIdentities.userId, userId), eq(linkedIdentities.provider, 'google')))
        .returning({ subject: linkedIdentities.subject })
      if (removed.length === 0) throw new ApiError(404, GOOGLE_LINK_MESSAGES.notLinked)
      return c.json({ message: GOOGLE_LINK_MESSAGES.disconnected }, 200)
    })
}
