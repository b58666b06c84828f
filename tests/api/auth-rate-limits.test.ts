import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { describeEachDatabase, TestApp } from './harness.ts'

const MINUTE = 60_000
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

/** Rate-limit windows follow the wall clock (in PostgreSQL too, where expiry is stored in ms), so the test moves it. */
function moveWallClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
}

describeEachDatabase('rate limits on sign-in, sign-up, refresh and password change', (getDatabase) => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const withLimits = async (rateLimits: TestApp['deps']['rateLimits']) => new TestApp(await getDatabase(), { rateLimits })

  const expectTooMany = (res: Awaited<ReturnType<TestApp['request']>>, seconds: number) => {
    expect(res.status).toBe(429)
    expect(res.json).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in /) })
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(seconds)
  }

  describe('login', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await withLimits({ loginPerAccount: { max: 3, windowMs: 15 * MINUTE }, loginPerAddress: { max: 6, windowMs: 15 * MINUTE } })
    })
    const login = (email: string, password = 'wrong password') => t.request('POST', '/api/auth/login', { body: { email, password } })

    it('answers 429 with Retry-After and a message after too many attempts for one account, even with the right password', async () => {
      const account = await t.signUp('limited')
      for (let i = 0; i < 3; i++) expect((await login(account.email)).status).toBe(401)
      expectTooMany(await login(account.email, account.password), 15 * 60)
      // The account key ignores case, so changing it does not buy more attempts.
      expect((await login(account.email.toUpperCase(), account.password)).status).toBe(429)
    })

    it('limits all attempts from one address across accounts, and lets them in again once the window has passed', async () => {
      moveWallClock(15 * MINUTE)
      for (let i = 0; i < 6; i++) expect((await login(`spray.${i}.${unique()}@example.test`)).status).toBe(401)
      expectTooMany(await login(`spray.${unique()}@example.test`), 15 * 60)
      moveWallClock(15 * MINUTE + 1000)
      expect((await login(`spray.${unique()}@example.test`)).status).toBe(401)
    })

    it('does not count successful sign-ins against the account', async () => {
      const own = await withLimits({ loginPerAccount: { max: 3, windowMs: 15 * MINUTE } })
      const account = await own.signUp('regular')
      const attempt = (password: string) => own.request('POST', '/api/auth/login', { body: { email: account.email, password } })
      for (let i = 0; i < 5; i++) expect((await attempt(account.password)).status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await attempt('wrong password')).status).toBe(401)
      expectTooMany(await attempt(account.password), 15 * 60)
    })
  })

  it('limits registrations per address with 429 and Retry-After', async () => {
    const t = await withLimits({ register: { max: 2, windowMs: 60 * MINUTE } })
    await t.signUp('reglimit')
    await t.signUp('reglimit')
    const res = await t.request('POST', '/api/auth/register', {
      body: { username: `r_${unique()}`, email: `r.${unique()}@example.test`, password: 'a long passphrase 7' },
    })
    expectTooMany(res, 60 * 60)
  })

  it('limits refreshes per address with 429 and Retry-After', async () => {
    const t = await withLimits({ refresh: { max: 2, windowMs: MINUTE } })
    const account = await t.signUp('refreshlimit')
    const first = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: account.refreshToken } })
    expect(first.status).toBe(200)
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first.json.refreshToken } })).status).toBe(200)
    expectTooMany(await t.request('POST', '/api/auth/refresh', { body: { refreshToken: 'anything' } }), 60)
  })

  it('limits password-change attempts per account with 429 and Retry-After', async () => {
    const t = await withLimits({ passwordChange: { max: 2, windowMs: 15 * MINUTE } })
    const account = await t.signUp('pwlimit')
    const attempt = () =>
      t.request('PUT', '/api/users/me', { token: account.token, body: { currentPassword: 'guess', newPassword: 'new secret 1' } })
    expect((await attempt()).status).toBe(400)
    expect((await attempt()).status).toBe(400)
    expectTooMany(await attempt(), 15 * 60)
  })

  it('does not limit a normal user with the default limits (a handful of sign-ins and refreshes)', async () => {
    const t = new TestApp(await getDatabase())
    const account = await t.signUp('normal')
    let refreshToken = account.refreshToken
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })).status).toBe(200)
      const next = await t.request('POST', '/api/auth/refresh', { body: { refreshToken } })
      expect(next.status).toBe(200)
      refreshToken = next.json.refreshToken
    }
  })
})
