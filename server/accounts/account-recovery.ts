// POST /api/auth/forgot-password, /reset-password and /verify-email: the mailed links of issue 24. A reset proves the
// mailbox, so it replaces the password, ends every session, marks the email verified and (for an account whose email
// was never proved) removes Google links someone else may have made.
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ForgotPasswordSchema, RECOVERY_MESSAGES, ResetPasswordSchema, VerifyEmailSchema } from '../../src/contract/account-recovery.ts'
import { consumeAccountToken } from './account-tokens.ts'
import { findUserByEmail, isSameEmail } from './accounts.ts'
import { withFieldMessages } from './field-messages.ts'
import { hashPassword } from './passwords.ts'
import { spendAndReset } from './spend-and-reset.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import { linkedIdentities, users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { createLogger } from '../http/logging.ts'
import { type Limit, rateLimiterFor, resolveRateLimits } from '../http/rate-limit.ts'
import { accountMailFor } from '../mail/app-mail.ts'
import { mailAccountLink } from './account-mail.ts'

const ForgotBody = withFieldMessages(ForgotPasswordSchema)
const ResetBody = withFieldMessages(ResetPasswordSchema)
const VerifyBody = withFieldMessages(VerifyEmailSchema)

export function accountRecoveryRoutes(deps: AppDeps) {
  const { database, config, now } = deps
  const { db } = database
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  const logger = deps.logger ?? createLogger(config.logLevel)
  const perAddress = (bucket: string, limit: Limit) =>
    createMiddleware<AppEnv>(async (c, next) => {
      await limiter.enforce(bucket, addressKey(clientAddress(c, config.trustProxy)), limit)
      await next()
    })

  return new Hono<AppEnv>()
    .post('/forgot-password', perAddress('forgot-address', limits.forgotPerAddress), validate('json', ForgotBody), async (c) => {
      if (!accountMailFor(deps)) throw new ApiError(503, RECOVERY_MESSAGES.mailUnavailable)
      const { email } = c.req.valid('json')
      // Counted for every address typed, known or not, so the limit itself tells nothing.
      await limiter.enforce('forgot-email', email.toLowerCase(), limits.forgotPerEmail)
      const at = now()
      // The lookup and the mail happen after the answer: a known and an unknown address get the same answer at the
      // same moment. A failure here is logged (without the address) and the owner simply asks again.
      void (async () => {
        const user = await findUserByEmail(db, email)
        if (user) await mailAccountLink(deps, db, user.id, 'reset', at)
      })().catch((err: unknown) => logger.warn({ error: err instanceof Error ? err.name : 'unknown' }, 'password reset mail not stored'))
      return c.json({ message: RECOVERY_MESSAGES.forgotSent }, 202)
    })
    .post('/reset-password', perAddress('reset-address', limits.forgotPerAddress), validate('json', ResetBody), async (c) => {
      const { token, password } = c.req.valid('json')
      const passwordHash = await hashPassword(password)
      const at = now()
      const done = await db.transaction(async (tx) => {
        const reset = await spendAndReset(tx, token, 'reset', passwordHash, at, async (spent) => {
          const [user] = await tx.select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, spent.userId)).for('update')
          // A link mailed to an address the account no longer has proves nothing about the account now.
          if (!user || !isSameEmail(user.email, spent.email)) return undefined
          return { set: { emailVerifiedAt: at }, wasUnproved: !user.emailVerifiedAt }
        })
        if (!reset) return false
        // Whoever held the account before the mailbox was proved may have linked their own Google account to it.
        if (reset.wasUnproved) await tx.delete(linkedIdentities).where(eq(linkedIdentities.userId, reset.spent.userId))
        return true
      })
      if (!done) throw new ApiError(400, RECOVERY_MESSAGES.resetInvalid)
      return c.json({ message: RECOVERY_MESSAGES.resetDone }, 200)
    })
    .post('/verify-email', perAddress('verify-address', limits.forgotPerAddress), validate('json', VerifyBody), async (c) => {
      const { token } = c.req.valid('json')
      const at = now()
      const done = await db.transaction(async (tx) => {
        const spent = await consumeAccountToken(tx, token, 'verify', at)
        if (!spent) return false
        const [updated] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
          .where(sql`${users.id} = ${spent.userId} and lower(${users.email}) = lower(${spent.email})`)
          .returning({ id: users.id })
        return updated !== undefined
      })
      if (!done) throw new ApiError(400, RECOVERY_MESSAGES.verifyInvalid)
      return c.json({ message: RECOVERY_MESSAGES.verified }, 200)
    })
}
