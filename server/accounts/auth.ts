// POST /api/auth/register, /login, /refresh and /logout: sessions from credentials and from refresh tokens (Google
// sign-in's two routes live in ./oauth.ts).
import { Hono } from 'hono'
import { LoginSchema, RefreshSchema, RegisterSchema } from '../../src/contract/auth.ts'
import { accessTokenKey, signAccessToken } from '../http/access-token.ts'
import { CONFLICT_MESSAGES, createAccount, findConflict, findUserByEmail } from './accounts.ts'
import { withFieldMessages } from './field-messages.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens.ts'
import { startSession } from './sessions.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import { type Limit, perAddressLimit, rateLimiterFor, resolveRateLimits } from '../http/rate-limit.ts'
import { accountRecoveryRoutes } from './account-recovery.ts'
import { emailChangeUndoRoutes } from './email-change-undo.ts'
import { passwordLinkRoutes } from './password-link.ts'
import { oauthRoutes } from './oauth.ts'
import { deviceNameFrom } from './device-name.ts'
import { mailAccountLink } from './account-mail.ts'

/** One text for unknown email and wrong password, so the answer never tells whether an account exists. */
export const INVALID_CREDENTIALS = 'Invalid email or password.'
export const INVALID_REFRESH_TOKEN = 'Invalid or expired refresh token'
export { SIGNED_OUT_BY_OWNER } from '../../src/contract/devices.ts'
import { SIGNED_OUT_BY_OWNER } from '../../src/contract/devices.ts'

const RegisterBody = withFieldMessages(RegisterSchema)
const LoginBody = withFieldMessages(LoginSchema)
const RefreshBody = withFieldMessages(RefreshSchema)

export function authRoutes(deps: AppDeps) {
  const { database, config, now } = deps
  const { db } = database
  const key = accessTokenKey(config.jwtSecret)
  const limits = resolveRateLimits(deps.rateLimits)
  const limiter = rateLimiterFor(deps)
  // Address limits run before validation and hashing, so floods of junk cost no argon2 work either.
  const perAddress = (bucket: string, limit: Limit) => perAddressLimit(deps, bucket, limit)

  return new Hono<AppEnv>()
    .route('/', oauthRoutes(deps))
    .route('/', accountRecoveryRoutes(deps))
    .route('/', emailChangeUndoRoutes(deps))
    .route('/', passwordLinkRoutes(deps))
    .post('/register', perAddress('register', limits.register), validate('json', RegisterBody), async (c) => {
      const input = c.req.valid('json')
      // Checked before hashing to spare the work; createAccount re-checks atomically for a concurrent twin.
      const conflict = await findConflict(db, input.username, input.email, deps.now())
      if (conflict) throw new ApiError(409, CONFLICT_MESSAGES[conflict])
      const created = await createAccount(
        db,
        { username: input.username, email: input.email, passwordHash: await hashPassword(input.password) },
        now(),
      )
      if (!created.ok) throw new ApiError(409, CONFLICT_MESSAGES[created.conflict])
      const session = await startSession(db, key, created.userId, now(), { deviceName: deviceNameFrom(c.req.header('User-Agent')) })
      // The account works at once; the link only proves the mailbox (issue 24). A failure to store it costs a resend.
      await mailAccountLink(deps, db, created.userId, 'verify', now()).catch((err: unknown) =>
        deps.logger?.warn({ error: err instanceof Error ? err.name : 'unknown' }, 'verification mail not stored'),
      )
      return c.json(session, 201)
    })
    .post('/login', perAddress('login', limits.loginPerAddress), validate('json', LoginBody), async (c) => {
      const { email, password } = c.req.valid('json')
      // Two keys (decision 075): the account from this address (tight, so a stranger cannot lock the owner out) and
      // the account from everywhere (roomier, so rotating addresses buys little). The hits are taken before the
      // password check, so parallel guesses cannot all slip in; a successful sign-in gives them back.
      const account = email.toLowerCase()
      const accountHere = `${account}\u0000${addressKey(clientAddress(c, deps.config.trustProxy))}`
      await limiter.enforce('login-account-address', accountHere, limits.loginPerAccountAndAddress)
      await limiter.enforce('login-account', account, limits.loginPerAccount)
      const user = await findUserByEmail(db, email)
      // A Google-only account (no password) costs the same dummy work and answers exactly as a wrong password.
      const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password)
      if (!user || !valid) throw new ApiError(401, INVALID_CREDENTIALS)
      await limiter.refund('login-account-address', accountHere, limits.loginPerAccountAndAddress)
      await limiter.refund('login-account', account, limits.loginPerAccount)
      return c.json(await startSession(db, key, user.id, now(), { deviceName: deviceNameFrom(c.req.header('User-Agent')) }), 200)
    })
    .post('/refresh', perAddress('refresh', limits.refresh), validate('json', RefreshBody), async (c) => {
      const { refreshToken } = c.req.valid('json')
      const rotated = await rotateRefreshToken(db, refreshToken, now())
      // The owner ending this device from another one is said as such, so its app can tell why it was signed out.
      if (!rotated.ok) throw new ApiError(401, rotated.signedOut ? SIGNED_OUT_BY_OWNER : INVALID_REFRESH_TOKEN)
      // A refresh proves nothing about who holds the token: its access token carries no auth_time (issue 24).
      return c.json({ token: await signAccessToken(key, rotated.userId, now(), null, rotated.familyId), refreshToken: rotated.refreshToken }, 200)
    })
    .post('/logout', validate('json', RefreshBody), async (c) => {
      const { refreshToken } = c.req.valid('json')
      await revokeFamilyOfToken(db, refreshToken, now())
      return c.body(null, 204)
    })
}
