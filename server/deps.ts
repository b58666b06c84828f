// What every route module receives: the database, the configuration and a clock (tests may move it).
import type { Hono } from 'hono'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { Logger } from './http/logging.ts'
import type { RateLimits, RateLimitStore } from './http/rate-limit.ts'
import type { SupportOptions } from './support/support-options.ts'
import type { AppEnv } from './app-env.ts'
import type { OutboundOptions } from './outbound/safe-fetch.ts'
import type { ScanCounter } from './scans/scan-counter.ts'
import type { MailRetry } from './mail/delivery-loop.ts'
import type { PrintProvider } from './orders/print-provider/provider.ts'
import type { NotificationOptions } from './notifications/notifications.ts'

export type AppDeps = {
  database: Database
  config: Config
  now: () => Date
  /** Overrides of DEFAULT_RATE_LIMITS in server/http/rate-limit.ts (tests lower them); unset means the defaults. */
  rateLimits?: Partial<RateLimits>
  /** Prefix of every rate-limit key: servers that count together share it (each test app gets its own); unset is ''. */
  rateLimitNamespace?: string
  /** Where rate-limit hits are counted; unset means by database (PostgreSQL shared, embedded in memory). */
  rateLimitStore?: RateLimitStore
  /** Per-owner image storage in bytes; unset means LIMITS.storageQuotaBytes (tests lower it to reach the limit). */
  storageQuotaBytes?: number
  /** Where request and error lines go; unset means a logger at config.logLevel on standard output. */
  logger?: Logger
  /** The contact-support route's limits, captcha timeout and mail backoff (server/support/support.ts); unset = defaults. */
  supportOptions?: SupportOptions
  /** Backoff of the account mail outbox (server/mail/app-mail.ts); unset = the support outbox's defaults. */
  accountMailRetry?: MailRetry
  /** Backoff of the provider cancellations of deleted accounts (server/orders/provider-cancellations.ts). */
  providerCancelRetry?: MailRetry
  /** The print provider (server/services/print-provider/); unset means Printful with PRINTFUL_TOKEN, else the demo catalog. */
  printProvider?: PrintProvider
  /** Outbound fetches' resolver and timeouts (server/outbound/safe-fetch.ts); tests inject them, unset = DNS, 5 s / 10 s. */
  outbound?: Omit<OutboundOptions, 'allowHosts'>
  /** Scan counts (server/scans/scan-counter.ts): route code and the fast path call `scans.count(...)`. */
  scans: ScanCounter
  /**
   * Only account mail whose recipient ends with this is sent by this app's outbox; unset sends every row. Tests that
   * share one database across files keep their own mail with it, as rateLimitNamespace keeps their limits.
   */
  mailScope?: string
  /** Push retries, the gift summary's wait, the push timeout (server/notifications/notifications.ts); unset = defaults. */
  notificationOptions?: NotificationOptions
}

/** What createApp accepts: without `scans` it makes a counter of its own on the database and clock given. */
export type AppDepsInput = Omit<AppDeps, 'scans'> & { scans?: ScanCounter }

/** Hono environment: its own leaf (server/app-env.ts), so the middleware that types its context need not import this file. */
export type { AppEnv } from './app-env.ts'

export type RouteModule = (deps: AppDeps) => Hono<AppEnv>
