// The contact-support route's options and default limits: a leaf, so deps.ts names them without importing the route
// (which imports deps.ts). support.ts re-exports them.
import type { Limit } from '../http/rate-limit.ts'
import type { MailRetry } from './support-outbox.ts'

const HOUR = 60 * 60_000

/**
 * Per client address (IPv6: its /64), multiplied by RATE_LIMIT_SCALE. A person writes to support a few times a day; a
 * message without a captcha answer (the widget was blocked) is allowed far less often, since it proves nothing.
 */
export const DEFAULT_SUPPORT_LIMITS = {
  perAddress: { max: 10, windowMs: HOUR },
  unverifiedPerAddress: { max: 3, windowMs: HOUR },
} satisfies Record<string, Limit>
export type SupportLimits = typeof DEFAULT_SUPPORT_LIMITS

export type SupportOptions = {
  limits?: Partial<SupportLimits>
  captchaTimeoutMs?: number
  mailRetry?: MailRetry
}
