// Rate limits: their default numbers, the limiter the routes call (one per app, counting in the store its database
// calls for), and the 429 answer with Retry-After and a message.
import { createMiddleware } from 'hono/factory'
import type { Pool } from 'pg'
import { addressDigest } from './address-keys.ts'
import { addressKey, clientAddress } from './client-address.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { ApiError } from './http.ts'
import { createLogger, type Logger } from './logging.ts'
import { type Limit, memoryRateLimitStore, postgresRateLimitStore, type RateLimitStore, type Verdict, withFallback } from './rate-limit-stores.ts'

export type { Limit, RateLimitStore, Verdict } from './rate-limit-stores.ts'

const MINUTE = 60_000

/**
 * Numbers a normal user never meets (docs/decisions/011-auth-rate-limits.md, 074-visitor-and-upload-limits.md).
 * Per-address limits are generous because a venue's Wi-Fi puts many people who just scanned a shirt behind one address.
 */
export const DEFAULT_RATE_LIMITS = {
  /**
   * Guesses at one account from one address: the tight limit, so a stranger's guesses lock out only the stranger's own
   * address, never the owner signing in from theirs. A successful sign-in gives its hit back (decision 075).
   */
  loginPerAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Guesses at one account from every address together: bounds an attacker who rotates addresses. */
  loginPerAccount: { max: 100, windowMs: 60 * MINUTE },
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  register: { max: 50, windowMs: 60 * MINUTE },
  refresh: { max: 60, windowMs: MINUTE },
  /** Forgot-password, reset and verification requests per address (issue 24). */
  forgotPerAddress: { max: 20, windowMs: 60 * MINUTE },
  /** Reset mails per typed address, known or not: a few tries a day, never a flood of mail to one inbox. */
  forgotPerEmail: { max: 3, windowMs: 60 * MINUTE },
  /** Confirmation mails the owner asks for again (the banner's resend). */
  verificationResendPerUser: { max: 3, windowMs: 60 * MINUTE },
  /** Sensitive changes per owner (set password, change email, Google links, deletion). */
  sensitiveChangePerUser: { max: 10, windowMs: 15 * MINUTE },
  passwordChange: { max: 10, windowMs: 15 * MINUTE },
  visitorPurchasePerAddress: { max: 60, windowMs: 10 * MINUTE },
  visitorPurchasePerProfile: { max: 30, windowMs: 10 * MINUTE },
  uploadsPerUser: { max: 100, windowMs: 15 * MINUTE },
  /** Link previews (issue 28): each one makes the server fetch a page and maybe an image from somewhere else. */
  linkPreviewsPerUser: { max: 30, windowMs: 10 * MINUTE },
  linkPreviewsPerAddress: { max: 60, windowMs: 10 * MINUTE },
  /** Draft orders at the print provider per owner and day (decision 092): a few shirts, not a flood of drafts. */
  draftOrdersPerUser: { max: 5, windowMs: 24 * 60 * MINUTE },
  /** Shipping quotes per address: each one is a call to the provider's rate limit (about 120 a minute for us all). */
  shippingQuotesPerAddress: { max: 30, windowMs: MINUTE },
  /** Print files per address: the provider fetches an order's file a few times, the owner's preview once a visit. */
  printFilesPerAddress: { max: 30, windowMs: MINUTE },
  /** Renewed push subscriptions per address (decision 182): a browser renews a device's rarely, never in a burst. */
  pushRenewalsPerAddress: { max: 20, windowMs: 60 * MINUTE },
  /**
   * Scan reports of visitor pages the service worker served (decision 105): a crowd on one network, not a flood. This
   * process's own guard against a flood of requests; what counts is bounded by scansPerAddress.
   */
  scanReportsPerAddress: { max: 120, windowMs: 10 * MINUTE },
  /**
   * Scans that count from one address (IPv4, or IPv6 /64), page loads and reports together, on every server together
   * (decision 128): beyond it a page is still served and a report still answered, but nothing more is counted.
   */
  scansPerAddress: { max: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>

export type RateLimits = { [K in keyof typeof DEFAULT_RATE_LIMITS]: Limit }

export const resolveRateLimits = (overrides: Partial<RateLimits> = {}): RateLimits => ({ ...DEFAULT_RATE_LIMITS, ...overrides })

/** The defaults with every allowance multiplied, for RATE_LIMIT_SCALE (a busy venue, or a test run from one address). */
export function scaledRateLimits(scale: number): RateLimits {
  const entries = Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [name, { ...limit, max: Math.max(1, Math.round(limit.max * scale)) }])
  return Object.fromEntries(entries) as RateLimits
}

/** What a 429 says before "Please try again in …", per kind of limit. */
export const TOO_MANY = {
  attempts: 'Too many attempts',
  purchasesFromAddress: 'Too many purchases from your network',
  purchasesOfProfile: 'Too many purchases from this wishlist right now',
  uploads: 'Too many uploads',
  linkPreviews: 'Too many link previews',
  draftOrders: 'You have created the most draft orders allowed for today',
  shippingQuotes: 'Too many shipping quotes',
  printFiles: 'Too many print file requests',
  scanReports: 'Too many scan reports from your network',
} as const

/**
 * The key a hit is stored under: an HMAC under the address secret (decision 127), so no address or email reaches the
 * store in any form one could test guesses against; the namespace keeps test apps sharing a database apart.
 */
export function rateLimitKey(secret: string, namespace: string, bucket: string, key: string): string {
  return addressDigest(secret, namespace, bucket, key)
}

/**
 * Counts hits of one app. Keys are keyed hashes (rateLimitKey) and carry the app's namespace, so test apps sharing one
 * database count apart while production servers, all with the empty namespace, count together.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly secret: string,
    private readonly namespace = '',
  ) {}

  private key(bucket: string, key: string): string {
    return rateLimitKey(this.secret, this.namespace, bucket, key)
  }

  /** Records one hit of `key` in `bucket` and says whether it is within `limit`. */
  hit(bucket: string, key: string, limit: Limit): Promise<Verdict> {
    return this.store.hit(this.key(bucket, key), limit)
  }

  /** Like `hit`, but throws 429 with Retry-After and a message when the limit is exceeded. */
  async enforce(bucket: string, key: string, limit: Limit, what: string = TOO_MANY.attempts): Promise<void> {
    const verdict = await this.hit(bucket, key, limit)
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, what)
  }

  /** Gives back one hit recorded by `hit`/`enforce`. */
  refund(bucket: string, key: string, limit: Limit): Promise<void> {
    return this.store.refund(this.key(bucket, key), limit)
  }
}

export function tooManyRequests(retryAfterSeconds: number, what: string = TOO_MANY.attempts): ApiError {
  return new ApiError(429, `${what}. Please try again in ${describeWait(retryAfterSeconds)}.`, { 'Retry-After': String(retryAfterSeconds) })
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** A hit waits at most this long for PostgreSQL before this process counts it alone. */
export const STORE_TIMEOUT_MS = 1500

const stores = new WeakMap<Database, RateLimitStore>()

/** PostgreSQL: shared counters, with this process's memory while the database does not answer. Embedded: memory. */
function storeFor(deps: RateLimitDeps): RateLimitStore {
  const { database } = deps
  let store = stores.get(database)
  if (!store) {
    const logger = deps.logger ?? createLogger(deps.config.logLevel)
    store =
      database.kind === 'postgres'
        ? withFallback(postgresRateLimitStore((database.db as unknown as { $client: Pool }).$client), memoryRateLimitStore(), {
            timeoutMs: STORE_TIMEOUT_MS,
            onStateChange: (healthy, err) => {
              if (healthy) logger.warn('rate-limit store answers again: limits are shared across servers once more')
              else logger.warn({ err }, 'rate-limit store unavailable: limits count per server until it answers')
            },
          })
        : memoryRateLimitStore()
    stores.set(database, store)
  }
  return store
}

/** The part of AppDeps (server/deps.ts) the limiter reads; named here so this module need not import deps.ts back. */
type RateLimitDeps = {
  database: Database
  config: Pick<Config, 'logLevel' | 'addressSecret' | 'trustProxy'>
  logger?: Logger
  rateLimitStore?: RateLimitStore
  rateLimitNamespace?: string
}

const limiters = new WeakMap<RateLimitDeps, RateLimiter>()

/** The one limiter of the app built from `deps`, shared by every route module. */
export function rateLimiterFor(deps: RateLimitDeps): RateLimiter {
  let limiter = limiters.get(deps)
  if (!limiter) {
    limiter = new RateLimiter(deps.rateLimitStore ?? storeFor(deps), deps.config.addressSecret, deps.rateLimitNamespace ?? '')
    limiters.set(deps, limiter)
  }
  return limiter
}

/**
 * Middleware counting each request against the caller's address (behind TRUST_PROXY, the one the proxy saw) in
 * `bucket`, answering 429 with `what` past `limit`. Routes put it before validation, idempotency rows and hashing, so
 * a flood costs none of them.
 */
export function perAddressLimit(deps: RateLimitDeps, bucket: string, limit: Limit, what?: string) {
  const limiter = rateLimiterFor(deps)
  return createMiddleware(async (c, next) => {
    await limiter.enforce(bucket, addressKey(clientAddress(c, deps.config.trustProxy)), limit, what)
    await next()
  })
}
