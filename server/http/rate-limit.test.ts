import { createHash } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryRateLimitStore, postgresRateLimitStore, type RateLimitStore, withFallback } from './rate-limit-stores.ts'
import { DEFAULT_RATE_LIMITS, describeWait, RateLimiter, scaledRateLimits } from './rate-limit.ts'

const SECRET = 'rate-limit-test-secret-rate-limit-test-secret'

describe('RateLimiter on the in-process store', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('allows max hits per window, then says how long to wait, then allows again in the next window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse('2030-01-01T00:00:00Z'))
    const limiter = new RateLimiter(memoryRateLimitStore(), SECRET)
    const limit = { max: 2, windowMs: 60_000 }
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
    vi.setSystemTime(Date.parse('2030-01-01T00:00:20Z'))
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: false, retryAfterSeconds: 40 })
    expect(await limiter.hit('b', 'other', limit)).toEqual({ allowed: true })
    expect(await limiter.hit('another bucket', 'k', limit)).toEqual({ allowed: true })
    vi.setSystemTime(Date.parse('2030-01-01T00:01:00Z'))
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
  })

  it('throws 429 with Retry-After and the given message from enforce', async () => {
    const limiter = new RateLimiter(memoryRateLimitStore(), SECRET)
    const limit = { max: 1, windowMs: 90_000 }
    await limiter.enforce('b', 'k', limit)
    await expect(limiter.enforce('b', 'k', limit)).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Please try again in 2 minutes.',
      headers: { 'Retry-After': '90' },
    })
    await expect(limiter.enforce('b', 'k', limit, 'Too many uploads')).rejects.toMatchObject({ message: 'Too many uploads. Please try again in 2 minutes.' })
  })

  it('gives a hit back with refund', async () => {
    const limiter = new RateLimiter(memoryRateLimitStore(), SECRET)
    const limit = { max: 1, windowMs: 60_000 }
    await limiter.enforce('b', 'k', limit)
    await limiter.refund('b', 'k', limit)
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 'k', limit)).toMatchObject({ allowed: false })
  })

  it('counts apart in two namespaces on one store, and together in one', async () => {
    const store = memoryRateLimitStore()
    const limit = { max: 1, windowMs: 60_000 }
    const [a, b, alsoA] = [new RateLimiter(store, SECRET, 'a'), new RateLimiter(store, SECRET, 'b'), new RateLimiter(store, SECRET, 'a')]
    expect(await a.hit('login', 'x', limit)).toEqual({ allowed: true })
    expect(await b.hit('login', 'x', limit)).toEqual({ allowed: true })
    expect(await alsoA.hit('login', 'x', limit)).toMatchObject({ allowed: false })
  })

  it('hands the store hashed keys only, never the address or email it counts', async () => {
    const seen: string[] = []
    const spy: RateLimitStore = {
      hit: async (key) => (seen.push(key), { allowed: true }),
      refund: async () => {},
    }
    await new RateLimiter(spy, SECRET).hit('login-account', 'someone@example.test', DEFAULT_RATE_LIMITS.loginPerAccount)
    await new RateLimiter(spy, SECRET).hit('login-address', '203.0.113.7', DEFAULT_RATE_LIMITS.loginPerAddress)
    expect(seen).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)])
    // Not a plain hash of what it counts, which anyone could recompute for every IPv4 address (issue 27): keyed.
    const plain = createHash('sha256').update('\u0000login-address\u0000203.0.113.7').digest('base64url')
    expect(seen[1]).not.toBe(plain)
    await new RateLimiter(spy, 'another-secret-another-secret-4242').hit('login-address', '203.0.113.7', DEFAULT_RATE_LIMITS.loginPerAddress)
    expect(seen[2]).not.toBe(seen[1])
  })

  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('describes a wait of %i s as %s', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text)
  })
})

/** A TCP port that accepts connections and never answers: a database that hangs instead of refusing. */
async function silentServer(): Promise<{ port: number; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return { port: typeof address === 'object' && address ? address.port : 0, server, sockets }
}

describe('a PostgreSQL store that cannot answer', () => {
  const limit = { max: 2, windowMs: 60_000 }
  let silent: Awaited<ReturnType<typeof silentServer>>
  const pools: pg.Pool[] = []
  const poolOn = (port: number) => {
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', connectionTimeoutMillis: 10_000 })
    // An idle client's error would otherwise be an unhandled 'error' event.
    pool.on('error', () => {})
    pools.push(pool)
    return pool
  }

  beforeAll(async () => {
    silent = await silentServer()
  })
  afterAll(async () => {
    for (const socket of silent.sockets) socket.destroy()
    await Promise.all(pools.map((pool) => pool.end().catch(() => {})))
    await new Promise((resolve) => silent.server.close(resolve))
  })

  // Neither open nor shut: while the database is away, each process counts alone with the same numbers.
  it.each([
    ['refuses connections', () => 1],
    ['accepts and never answers', () => silent.port],
  ])('one that %s: hits are counted in this process, and the limit still holds', async (_, port) => {
    const changes: boolean[] = []
    const store = withFallback(postgresRateLimitStore(poolOn(port())), memoryRateLimitStore(), {
      timeoutMs: 200,
      onStateChange: (healthy) => changes.push(healthy),
    })
    const limiter = new RateLimiter(store, SECRET)
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 'k', limit)).toEqual({ allowed: true })
    expect(await limiter.hit('b', 'k', limit)).toMatchObject({ allowed: false })
    await limiter.refund('b', 'k', limit)
    expect(changes).toEqual([false])
  })

  it('goes back to the shared store once it answers again', async () => {
    let broken = true
    const shared = memoryRateLimitStore()
    const flaky: RateLimitStore = {
      hit: (key, l) => (broken ? Promise.reject(new Error('connection terminated')) : shared.hit(key, l)),
      refund: (key, l) => (broken ? Promise.reject(new Error('connection terminated')) : shared.refund(key, l)),
    }
    const changes: boolean[] = []
    const limiter = new RateLimiter(withFallback(flaky, memoryRateLimitStore(), { timeoutMs: 200, onStateChange: (healthy) => changes.push(healthy) }), SECRET)
    await limiter.hit('b', 'k', limit)
    broken = false
    await limiter.hit('b', 'k', limit)
    await limiter.hit('b', 'k', limit)
    // The first hit was counted in this process; the shared store then allows its own two and refuses the third.
    expect(await limiter.hit('b', 'k', limit)).toMatchObject({ allowed: false })
    expect(changes).toEqual([false, true])
  })
})

describe('scaledRateLimits', () => {
  it.each([
    [1, DEFAULT_RATE_LIMITS.register.max],
    [20, DEFAULT_RATE_LIMITS.register.max * 20],
    [0.01, 1],
  ])('scale %s allows %s sign-ups per window, never fewer than one', (scale, expected) => {
    const limits = scaledRateLimits(scale)
    expect(limits.register).toEqual({ max: expected, windowMs: DEFAULT_RATE_LIMITS.register.windowMs })
  })

  it('scales the visitor and upload limits too', () => {
    expect(scaledRateLimits(2).visitorPurchasePerAddress.max).toBe(DEFAULT_RATE_LIMITS.visitorPurchasePerAddress.max * 2)
    expect(scaledRateLimits(2).uploadsPerUser.max).toBe(DEFAULT_RATE_LIMITS.uploadsPerUser.max * 2)
  })
})
