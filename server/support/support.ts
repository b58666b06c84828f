// POST /api/public/support/contact: the landing page's contact-support form. Limited per address, the Turnstile token
// checked when a secret is configured, the message stored first and then mailed in the background (decision 095).
import type { Context } from 'hono'
import { Hono } from 'hono'
import { SUPPORT_CAPTCHA_ACTION, SupportMessageSchema } from '../../src/contract/support.ts'
import { visitorIdempotencyScope } from '../http/address-keys.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import { supportMessages } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { createLogger } from '../http/logging.ts'
import { type Limit, perAddressLimit, rateLimiterFor } from '../http/rate-limit.ts'
import { verifyCaptcha } from './captcha.ts'
import { deleteExpiredSupportMessages } from './support-retention.ts'
import { createSupportMailSender } from '../mail/mail.ts'
import { DEFAULT_MAIL_RETRY, SupportOutbox } from './support-outbox.ts'
import { DEFAULT_SUPPORT_LIMITS, type SupportLimits } from './support-options.ts'

export { DEFAULT_SUPPORT_LIMITS, type SupportLimits, type SupportOptions } from './support-options.ts'

export const SUPPORT_TOO_MANY = {
  messages: 'Too many messages from your network',
  unverified: 'Too many messages without a captcha from your network',
} as const

export const SUPPORT_SENT_MESSAGE = 'Message sent. We reply within 24 hours.'

const outboxes = new WeakMap<AppDeps, SupportOutbox>()

/** The mail outbox of the app built from `deps`, or undefined when SMTP_URL or SUPPORT_EMAIL_TO is unset. */
export function supportOutboxFor(deps: AppDeps): SupportOutbox | undefined {
  const { smtpUrl, supportEmailTo } = deps.config
  if (!smtpUrl || !supportEmailTo) return undefined
  let outbox = outboxes.get(deps)
  if (!outbox) {
    const logger = deps.logger ?? createLogger(deps.config.logLevel)
    outbox = new SupportOutbox(deps.database.db, createSupportMailSender(smtpUrl, supportEmailTo), logger, deps.supportOptions?.mailRetry ?? DEFAULT_MAIL_RETRY)
    outboxes.set(deps, outbox)
  }
  return outbox
}

const scaled = (limit: Limit, scale: number): Limit => ({ ...limit, max: Math.max(1, Math.round(limit.max * scale)) })

export function supportRoutes(deps: AppDeps) {
  const { db } = deps.database
  const { config } = deps
  const limits: SupportLimits = {
    perAddress: deps.supportOptions?.limits?.perAddress ?? scaled(DEFAULT_SUPPORT_LIMITS.perAddress, config.rateLimitScale),
    unverifiedPerAddress:
      deps.supportOptions?.limits?.unverifiedPerAddress ?? scaled(DEFAULT_SUPPORT_LIMITS.unverifiedPerAddress, config.rateLimitScale),
  }
  const limiter = rateLimiterFor(deps)
  const outbox = supportOutboxFor(deps)
  // Messages stored while this server was down (or whose mail failed) are picked up shortly after start.
  if (outbox) setTimeout(() => outbox.kick(), 1000).unref()
  const expectedHostname = new URL(config.publicUrl).hostname
  const addressOf = (c: Context<AppEnv>) => clientAddress(c, config.trustProxy)

  // Before the body is read or an idempotency row written, so a flood costs neither.
  const perAddress = perAddressLimit(deps, 'support-address', limits.perAddress, SUPPORT_TOO_MANY.messages)

  /** 'verified', or 'unverified' when the captcha could not vouch for the visitor (strictly limited), or a 400. */
  async function captchaStatus(c: Context<AppEnv>, token: string | undefined): Promise<'verified' | 'unverified' | 'not-required'> {
    const secret = config.turnstileSecretKey
    if (!secret) return 'not-required'
    if (token) {
      const check = await verifyCaptcha(
        { verifyUrl: config.turnstileVerifyUrl, secret, token, remoteIp: addressOf(c), expectedHostname, expectedAction: SUPPORT_CAPTCHA_ACTION, timeoutMs: deps.supportOptions?.captchaTimeoutMs },
        fetch,
      )
      if (check.outcome === 'passed') return 'verified'
      if (check.outcome === 'refused') throw new ApiError(400, check.message)
      // Cloudflare down or slow says nothing against the visitor: the message goes the unverified way.
      deps.logger?.warn({ reason: check.reason }, 'captcha check unavailable; support message taken as unverified')
    }
    await limiter.enforce('support-unverified', addressKey(addressOf(c)), limits.unverifiedPerAddress, SUPPORT_TOO_MANY.unverified)
    return 'unverified'
  }

  return new Hono<AppEnv>().post(
    '/public/support/contact',
    perAddress,
    idempotency(deps, (c) => visitorIdempotencyScope(c, config)),
    validate('json', SupportMessageSchema),
    async (c) => {
      const { name, email, message, captchaToken } = c.req.valid('json')
      const captcha = await captchaStatus(c, captchaToken)
      // Messages past their 180 days go before a new one is kept, even on a server whose sweep has not run yet.
      await deleteExpiredSupportMessages(db, deps.now())
      await db.insert(supportMessages).values({ name, email, message, captcha, mailStatus: outbox ? 'pending' : 'stored' })
      outbox?.kick()
      return c.json({ message: SUPPORT_SENT_MESSAGE }, 201)
    },
  )
}
