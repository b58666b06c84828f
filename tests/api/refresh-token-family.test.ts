import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { hashRefreshToken, REFRESH_FAMILY_MAX_AGE_MS } from '../../server/accounts/refresh-token-policy.ts'
import { refreshTokens } from '../../server/db/schema.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const DAY = 24 * 60 * 60 * 1000

// docs/decisions/077-refresh-token-family-lifetime.md: a family ends 90 days after its sign-in, however often it is used.
describeEachDatabase('refresh token families end 90 days after their sign-in', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })
  const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refreshToken } })
  const stored = async (token: string) => (await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(token))))[0]

  it('a token refreshed every 20 days keeps working until day 90, then answers 401 as an expired one', async () => {
    const account = await t.signUp('family')
    const signedInAt = (await stored(account.refreshToken))?.createdAt
    let token = account.refreshToken
    for (let day = 20; day <= 80; day += 20) {
      t.clock.advance(20 * DAY)
      const res = await refresh(token)
      expect(res.status, `refresh on day ${day}`).toBe(200)
      token = res.json.refreshToken
    }
    // Day 89: still inside the family's lifetime, but the successor's 30 days are cut at the family's end.
    t.clock.advance(9 * DAY)
    const last = await refresh(token)
    expect(last.status).toBe(200)
    token = last.json.refreshToken
    const successor = await stored(token)
    expect(successor?.familyStartedAt).toEqual(signedInAt)
    expect(successor?.expiresAt.getTime()).toBe((signedInAt?.getTime() ?? 0) + REFRESH_FAMILY_MAX_AGE_MS)

    t.clock.advance(DAY)
    const ended = await refresh(token)
    expect(ended.status).toBe(401)
    expect(ended.json).toEqual({ message: 'Invalid or expired refresh token' })

    // Signing in again starts a new family with its own 90 days.
    const login = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
    expect(login.status).toBe(200)
    t.clock.advance(20 * DAY)
    expect((await refresh(login.json.refreshToken)).status).toBe(200)
  })

  it('the end is checked on its own, also for a token whose stored expiry lies beyond it', async () => {
    const account = await t.signUp('legacy')
    // A token written before families had an end: 30 days left on the token, but its family began 100 days ago.
    await t.db
      .update(refreshTokens)
      .set({ familyStartedAt: new Date(t.clock.now().getTime() - 100 * DAY) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(account.refreshToken)))
    const res = await refresh(account.refreshToken)
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Invalid or expired refresh token' })
  })
})
