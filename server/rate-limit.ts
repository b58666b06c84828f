// In-memory fixed-window rate limits for the auth endpoints, their default numbers, and the client address they key on.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ApiError } from './http.ts'

export type Limit = { max: number; windowMs: number }

const MINUTE = 60_000

/**
 * Numbers a normal user never meets (docs/decisions/011-auth-rate-limits.md). Per-address limits are generous
 * because a venue's Wi-Fi puts many people who just scanned a shirt behind one address.
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  register: { max: 50, windowMs: 60 * MINUTE },
  refresh: { max: 60, windowMs: MINUTE },
  passwordChange: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>

export type RateLimits = { [K in keyof typeof DEFAULT_RATE_LIMITS]: Limit }

export const resolveRateLimits = (overrides: Partial<RateLimits> = {}): RateLimits => ({ ...DEFAULT_RATE_LIMITS, ...overrides })

/** The defaults with every allowance multiplied, for RATE_LIMIT_SCALE (a busy venue, or a test run from one address). */
export function scaledRateLimits(scale: number): RateLimits {
  const entries = Object.entries(DEFAULT_RATE_LIMITS).map(([name, limit]) => [name, { ...limit, max: Math.max(1, Math.round(limit.max * scale)) }])
  return Object.fromEntries(entries) as RateLimits
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

type Window = { count: number; resetAt: number }

/** Above this many live keys, expired windows are swept so an address spray cannot grow memory without bound. */
const SWEEP_THRESHOLD = 10_000

/**
 * Counts hits per key in fixed windows. State lives in this process only: a restart forgets it, and several
 * processes would each allow the limit (acceptable for the single-process deployment of design.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly now: () => Date) {}

  /** Records one hit for `key` and says whether it is within `limit`. */
  hit(key: string, limit: Limit): Verdict {
    const nowMs = this.now().getTime()
    if (this.windows.size > SWEEP_THRESHOLD) this.sweep(nowMs)
    let window = this.windows.get(key)
    if (!window || window.resetAt <= nowMs) {
      window = { count: 0, resetAt: nowMs + limit.windowMs }
      this.windows.set(key, window)
    }
    window.count += 1
    if (window.count <= limit.max) return { allowed: true }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - nowMs) / 1000)) }
  }

  /** Like `hit`, but throws 429 with Retry-After and a message when the limit is exceeded. */
  enforce(key: string, limit: Limit): void {
    const verdict = this.hit(key, limit)
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds)
  }

  private sweep(nowMs: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= nowMs) this.windows.delete(key)
  }
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, `Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`, {
    'Retry-After': String(retryAfterSeconds),
  })
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/**
 * The TCP peer address. X-Forwarded-For is deliberately ignored: anyone can send it, and no trusted proxy is
 * configured. In-process calls (`app.request()` in tests) have no socket and share the key 'local'.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local'
  } catch {
    return 'local'
  }
}
