// POST /api/auth/undo-email-change: the take-back link mailed to the address an email change left (decision 198). Its
// owner proves that mailbox, so the account gets it back (verified), a new password, no session and no Google link,
// whatever the address became meanwhile.
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { RECOVERY_MESSAGES, takeBackAddressTaken, takeBackDone, UndoEmailChangeSchema } from '../../src/contract/account-recovery.ts'
import { dropAccountTokens, dropTakeBackTokensSince } from './account-tokens.ts'
import { withFieldMessages } from './field-messages.ts'
import { hashPassword } from './passwords.ts'
import { spendAndReset } from './spend-and-reset.ts'
import { linkedIdentities, users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { perAddressLimit, resolveRateLimits } from '../http/rate-limit.ts'

const UndoBody = withFieldMessages(UndoEmailChangeSchema)

export function emailChangeUndoRoutes(deps: AppDeps) {
  const { database, now } = deps
  const { db } = database
  // The reset's own bucket: the two pages that spend a mailed token and set a password share one budget per address.
  const perAddress = perAddressLimit(deps, 'reset-address', resolveRateLimits(deps.rateLimits).forgotPerAddress)

  return new Hono<AppEnv>().post('/undo-email-change', perAddress, validate('json', UndoBody), async (c) => {
    const { token, password } = c.req.valid('json')
    const passwordHash = await hashPassword(password)
    const at = now()
    const message = await db.transaction(async (tx) => {
      const reset = await spendAndReset(tx, token, 'undo-email-change', passwordHash, at, async (spent) => {
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, spent.userId)).for('update')
        if (!user) return undefined
        // No check of the address the account has now: whoever changed it may have changed it again (decision 198).
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${spent.email}) and ${users.id} <> ${spent.userId}`)
          .limit(1)
        // The address another account took meanwhile stays its; this account keeps the one it has, unproved, so a
        // Google account of that address cannot link to it by email.
        const set = { email: taken ? user.email : spent.email, emailVerifiedAt: taken ? null : at }
        return { set, taken: taken !== undefined, emailNow: user.email }
      })
      if (!reset) return undefined
      const { spent } = reset
      // Every Google link goes, not only those made since the change: whoever changed the email was signed in, and may
      // have connected their own Google account first (decision 137's reasoning). The owner connects theirs again.
      const unlinked = await tx.delete(linkedIdentities).where(eq(linkedIdentities.userId, spent.userId)).returning({ subject: linkedIdentities.subject })
      await dropAccountTokens(tx, spent.userId, 'verify')
      // Links of later changes go; one of an earlier change stays with the address it was mailed to.
      await dropTakeBackTokensSince(tx, spent.userId, spent.createdAt)
      const said = reset.taken ? takeBackAddressTaken(spent.email, reset.emailNow) : takeBackDone(spent.email)
      return unlinked.length > 0 ? `${said} ${RECOVERY_MESSAGES.takeBackGoogleRemoved}` : said
    })
    if (!message) throw new ApiError(400, RECOVERY_MESSAGES.takeBackInvalid)
    return c.json({ message }, 200)
  })
}
