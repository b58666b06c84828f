// Where rate-limit hits are counted: this process's memory (embedded database), or rate-limiter-flexible's PostgreSQL
// store (table rate_limits, migration 0002) shared by every server on one database, with memory as the fallback.
import type { Pool } from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

export type Limit = { max: number; windowMs: number }

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Counts hits per key in fixed windows. Keys arrive hashed and namespaced (server/http/rate-limit.ts). */
export interface RateLimitStore {
  /** Records one hit and says whether it is within `limit`; rejects only when the store cannot answer. */
  hit(key: string, limit: Limit): Promise<Verdict>
  /** Gives one hit back (a successful sign-in does not count against its account). */
  refund(key: string, limit: Limit): Promise<void>
}

type Limiter = RateLimiterMemory | RateLimiterPostgres

/** rate-limiter-flexible fixes points and duration per limiter, so one limiter per distinct limit. */
function limiterStore(create: (limit: Limit) => Limiter): RateLimitStore {
  const limiters = new Map<string, Limiter>()
  const limiterFor = (limit: Limit) => {
    const id = `${limit.max}/${limit.windowMs}`
    let limiter = limiters.get(id)
    if (!limiter) {
      limiter = create(limit)
      limiters.set(id, limiter)
    }
    return limiter
  }
  return {
    async hit(key, limit) {
      try {
        await limiterFor(limit).consume(key)
        return { allowed: true }
      } catch (rejection) {
        // The library rejects with a RateLimiterRes when the limit is exceeded, with an Error when the store fails.
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
      }
    },
    async refund(key, limit) {
      await limiterFor(limit).reward(key)
    },
  }
}

export function memoryRateLimitStore(): RateLimitStore {
  return limiterStore((limit) => new RateLimiterMemory({ points: limit.max, duration: limit.windowMs / 1000, keyPrefix: '' }))
}

export const RATE_LIMIT_TABLE = 'rate_limits'

/** Counters in PostgreSQL: an atomic upsert per hit, so every server on the database counts against one total. */
export function postgresRateLimitStore(pool: Pool): RateLimitStore {
  let first = true
  return limiterStore((limit) => {
    const limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      // The migration created it; the library's own CREATE TABLE would race between servers starting together.
      tableCreated: true,
      // One limiter per process sweeps rows that expired an hour ago (every 5 minutes); the rest leave it to that one.
      clearExpiredByTimeout: first,
      points: limit.max,
      duration: limit.windowMs / 1000,
      keyPrefix: '',
    })
    first = false
    return limiter
  })
}

const LATE = Symbol('late')

export type FallbackOptions = {
  /** How long a hit may wait for the primary store before the fallback answers. */
  timeoutMs: number
  /** Told when the primary store starts failing and when it answers again. */
  onStateChange?: (healthy: boolean, error?: unknown) => void
}

/**
 * Answers from `primary`; when it fails or is slower than `timeoutMs`, from `fallback`, which then counts the hits of
 * this process alone (docs/decisions/075-shared-rate-limits.md: limits degrade to per-instance, never open, never shut).
 */
export function withFallback(primary: RateLimitStore, fallback: RateLimitStore, options: FallbackOptions): RateLimitStore {
  let healthy = true
  const note = (ok: boolean, error?: unknown) => {
    if (ok === healthy) return
    healthy = ok
    options.onStateChange?.(ok, error)
  }
  async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), options.timeoutMs)
    })
    const running = run()
    // A late answer or failure after the timeout must never surface as an unhandled rejection.
    running.catch(() => {})
    try {
      const outcome = await Promise.race([running, late])
      if (outcome === LATE) {
        note(false, new Error(`rate-limit store did not answer within ${options.timeoutMs} ms`))
        return { ok: false }
      }
      note(true)
      return { ok: true, value: outcome }
    } catch (error) {
      note(false, error)
      return { ok: false }
    } finally {
      clearTimeout(timer)
    }
  }
  return {
    async hit(key, limit) {
      const result = await attempt(() => primary.hit(key, limit))
      return result.ok ? result.value : fallback.hit(key, limit)
    },
    async refund(key, limit) {
      const result = await attempt(() => primary.refund(key, limit))
      if (!result.ok) await fallback.refund(key, limit)
    },
  }
}
