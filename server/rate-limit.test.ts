import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientAddress, DEFAULT_RATE_LIMITS, describeWait, RateLimiter, scaledRateLimits } from './rate-limit.ts'

describe('RateLimiter', () => {
  it('allows max hits per window, then says how long to wait, then allows again in the next window', () => {
    let nowMs = Date.parse('2030-01-01T00:00:00Z')
    const limiter = new RateLimiter(() => new Date(nowMs))
    const limit = { max: 2, windowMs: 60_000 }
    expect(limiter.hit('k', limit)).toEqual({ allowed: true })
    expect(limiter.hit('k', limit)).toEqual({ allowed: true })
    nowMs += 20_000
    expect(limiter.hit('k', limit)).toEqual({ allowed: false, retryAfterSeconds: 40 })
    expect(limiter.hit('other', limit)).toEqual({ allowed: true })
    nowMs += 40_000
    expect(limiter.hit('k', limit)).toEqual({ allowed: true })
  })

  it('throws 429 with Retry-After from enforce', () => {
    const limiter = new RateLimiter(() => new Date(0))
    limiter.enforce('k', { max: 1, windowMs: 90_000 })
    expect(() => limiter.enforce('k', { max: 1, windowMs: 90_000 })).toThrow(
      expect.objectContaining({ status: 429, message: 'Too many attempts. Please try again in 2 minutes.', headers: { 'Retry-After': '90' } }),
    )
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

describe('clientAddress', () => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)))

  it('is the socket peer address and ignores X-Forwarded-For', async () => {
    const env = { incoming: { socket: { remoteAddress: '203.0.113.7', remotePort: 5000, remoteFamily: 'IPv4' } } }
    const res = await app.request('/', { headers: { 'X-Forwarded-For': '198.51.100.1' } }, env)
    expect(await res.text()).toBe('203.0.113.7')
  })

  it("is 'local' for an in-process request without a socket", async () => {
    expect(await (await app.request('/')).text()).toBe('local')
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
})
