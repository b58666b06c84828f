// POST /api/auth/password-link: what a mailed password link's page may say before the owner types (decision 203): the
// masked address of the account it is for and, to this device's own valid session, whether it is that account. Spends
// nothing: a mail scanner or a reload may ask as often as the limit allows.
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { maskedEmail, PasswordLinkCheckSchema, RECOVERY_MESSAGES } from '../../src/contract/account-recovery.ts'
import { peekAccountToken } from './account-tokens.ts'
import { isSameEmail } from './accounts.ts'
import { withFieldMessages } from './field-messages.ts'
import { users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { perAddressLimit, resolveRateLimits } from '../http/rate-limit.ts'
import { requireAuth } from '../http/require-auth.ts'

const CheckBody = withFieldMessages(PasswordLinkCheckSchema)

export function passwordLinkRoutes(deps: AppDeps) {
  const { database, now } = deps
  const { db } = database
  // Its own bucket: opening the page must not use up the budget of setting the password.
  const perAddress = perAddressLimit(deps, 'link-check-address', resolveRateLimits(deps.rateLimits).forgotPerAddress)
  const auth = requireAuth(deps)
  // The device's session is optional here; one it sends must be valid (a 401 lets the client refresh it).
  const maybeSignedIn = createMiddleware<AppEnv>((c, next) => (c.req.header('Authorization') ? auth(c, next) : next()))

  return new Hono<AppEnv>().post('/password-link', perAddress, validate('json', CheckBody), maybeSignedIn, async (c) => {
    const { token, purpose } = c.req.valid('json')
    const row = await peekAccountToken(db, token, purpose, now())
    const [owner] = row ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1) : []
    // A reset link mailed to an address the account no longer has cannot be spent (account-recovery.ts): said now.
    const spendable = row && owner && (purpose !== 'reset' || isSameEmail(owner.email, row.email))
    if (!row || !spendable) throw new ApiError(400, purpose === 'reset' ? RECOVERY_MESSAGES.resetInvalid : RECOVERY_MESSAGES.takeBackInvalid)
    const viewerId = c.get('userId') as string | undefined
    const [viewer] = viewerId ? await db.select({ username: users.username }).from(users).where(eq(users.id, viewerId)).limit(1) : []
    return c.json({ email: maskedEmail(row.email), signedInHere: viewer ? { username: viewer.username, sameAccount: viewerId === row.userId } : null }, 200)
  })
}
