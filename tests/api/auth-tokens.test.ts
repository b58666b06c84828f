import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashRefreshToken } from '../../server/accounts/refresh-token-policy.ts'
import { refreshTokens, users } from '../../server/db/schema.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describeEachDatabase('refresh tokens, logout, password change and access tokens', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })
  const refresh = (refreshToken: string) => t.request('POST', '/api/auth/refresh', { body: { refreshToken } })
  const profileWith = (token: string) => t.request('GET', '/api/profiles', { token })

  describe('POST /api/auth/refresh', () => {
    it('rotates: answers a new working pair, and the old token fails once the grace window has passed', async () => {
      const account = await t.signUp('rotate')
      const first = await refresh(account.refreshToken)
      expect(first.status).toBe(200)
      expect(first.json).toEqual({ token: expect.any(String), refreshToken: expect.any(String) })
      expect(first.json.refreshToken).not.toBe(account.refreshToken)
      expect((await profileWith(first.json.token)).status).toBe(200)

      t.clock.advance(31_000)
      const replay = await refresh(account.refreshToken)
      expect(replay.status).toBe(401)
      expect(replay.json).toEqual({ message: 'Invalid or expired refresh token' })
    })

    it('stores only the SHA-256 of a refresh token, in the same family after rotation', async () => {
      const account = await t.signUp('hashed')
      const rotated = await refresh(account.refreshToken)
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email))
      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user?.id ?? ''))
      expect(rows.map((r) => r.tokenHash).sort()).toEqual(
        [hashRefreshToken(account.refreshToken), hashRefreshToken(rotated.json.refreshToken)].sort(),
      )
      expect(JSON.stringify(rows)).not.toContain(account.refreshToken)
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1)
      const old = rows.find((r) => r.tokenHash === hashRefreshToken(account.refreshToken))
      expect(old?.rotatedAt).toBeInstanceOf(Date)
    })

    it('answers a reused token within the grace window with a fresh pair of the same family (a lost answer)', async () => {
      const account = await t.signUp('grace')
      const rotated = await refresh(account.refreshToken)
      t.clock.advance(5_000)
      const reuse = await refresh(account.refreshToken)
      expect(reuse.status).toBe(200)
      expect(reuse.json.refreshToken).not.toBe(rotated.json.refreshToken)
      expect((await profileWith(reuse.json.token)).status).toBe(200)
      const families = await t.db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(reuse.json.refreshToken)))
      const [original] = await t.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(account.refreshToken)))
      expect(families).toEqual([{ familyId: original?.familyId }])
      // Both successors work: the family was not harmed.
      expect((await refresh(rotated.json.refreshToken)).status).toBe(200)
      expect((await refresh(reuse.json.refreshToken)).status).toBe(200)
    })

    it('revokes the whole family when a rotated token is reused after the grace window (the newest token fails too)', async () => {
      const account = await t.signUp('theft')
      const second = await refresh(account.refreshToken)
      const third = await refresh(second.json.refreshToken)
      expect(third.status).toBe(200)
      t.clock.advance(60_000)
      expect((await refresh(account.refreshToken)).status).toBe(401)
      const newest = await refresh(third.json.refreshToken)
      expect(newest.status).toBe(401)
      expect(newest.json).toEqual({ message: 'Invalid or expired refresh token' })
    })

    it('rotates once when the same token is refreshed twice at once, and both callers get a working pair', async () => {
      const account = await t.signUp('race')
      const results = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)])
      expect(results.map((r) => r.status)).toEqual([200, 200])
      for (const result of results) expect((await refresh(result.json.refreshToken)).status).toBe(200)
    })

    it('refuses a refresh token after its 30 days', async () => {
      const account = await t.signUp('expiry')
      t.clock.advance(30 * DAY + MINUTE)
      expect((await refresh(account.refreshToken)).status).toBe(401)
    })

    it('keeps a session alive for a user who refreshes within 30 days of the last refresh', async () => {
      const account = await t.signUp('sliding')
      t.clock.advance(29 * DAY)
      const next = await refresh(account.refreshToken)
      expect(next.status).toBe(200)
      t.clock.advance(29 * DAY)
      expect((await refresh(next.json.refreshToken)).status).toBe(200)
    })

    it('refuses an unknown refresh token with 401 {message}', async () => {
      const res = await refresh('x'.repeat(43))
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Invalid or expired refresh token' })
    })

    it("refuses a missing refresh token with 400 'No refresh token'", async () => {
      for (const body of [{}, { refreshToken: '' }]) {
        const res = await t.request('POST', '/api/auth/refresh', { body })
        expect(res.status).toBe(400)
        expect(res.json).toEqual({ message: 'No refresh token' })
      }
    })
  })

  describe('POST /api/auth/logout', () => {
    it('answers 204 and revokes the refresh token with its whole family', async () => {
      const account = await t.signUp('logout')
      const rotated = await refresh(account.refreshToken)
      const res = await t.request('POST', '/api/auth/logout', { body: { refreshToken: rotated.json.refreshToken } })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      expect((await refresh(rotated.json.refreshToken)).status).toBe(401)
    })

    it('leaves other sessions of the same user alone', async () => {
      const account = await t.signUp('logout2')
      const other = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
      await t.request('POST', '/api/auth/logout', { body: { refreshToken: account.refreshToken } })
      expect((await refresh(other.json.refreshToken)).status).toBe(200)
    })

    it('answers 204 for an unknown token too', async () => {
      const res = await t.request('POST', '/api/auth/logout', { body: { refreshToken: 'not-a-token-we-issued' } })
      expect(res.status).toBe(204)
    })
  })

  describe('PUT /api/users/me (password change)', () => {
    it('verifies the current password, revokes every refresh token and answers a fresh working pair', async () => {
      const account = await t.signUp('pwchange')
      const otherDevice = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
      const res = await t.request('PUT', '/api/users/me', {
        token: account.token,
        body: { currentPassword: account.password, newPassword: 'brand new secret' },
      })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ token: expect.any(String), refreshToken: expect.any(String) })
      expect((await refresh(account.refreshToken)).status).toBe(401)
      expect((await refresh(otherDevice.json.refreshToken)).status).toBe(401)
      expect((await profileWith(res.json.token)).status).toBe(200)
      expect((await refresh(res.json.refreshToken)).status).toBe(200)

      const oldLogin = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
      expect(oldLogin.status).toBe(401)
      const newLogin = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: 'brand new secret' } })
      expect(newLogin.status).toBe(200)
    })

    it("answers 400 'Current password is incorrect' for a wrong current password and changes nothing", async () => {
      const account = await t.signUp('pwwrong')
      const res = await t.request('PUT', '/api/users/me', {
        token: account.token,
        body: { currentPassword: 'not my password', newPassword: 'brand new secret' },
      })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message: 'Current password is incorrect' })
      expect((await refresh(account.refreshToken)).status).toBe(200)
      const login = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } })
      expect(login.status).toBe(200)
    })

    it.each([
      ['a new password of 5 characters', { newPassword: '12345' }, 'New password must be at least 6 characters.'],
      ['a missing current password', { currentPassword: undefined }, 'Please enter your current password to change it.'],
      ['an empty current password', { currentPassword: '' }, 'Please enter your current password to change it.'],
    ])('refuses %s with 400 and the spec message', async (_name, change, message) => {
      const account = await t.signUp('pwvalid')
      const res = await t.request('PUT', '/api/users/me', {
        token: account.token,
        body: { currentPassword: account.password, newPassword: 'brand new secret', ...change },
      })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it('answers 401 without a bearer token', async () => {
      const res = await t.request('PUT', '/api/users/me', { body: { currentPassword: 'a', newPassword: 'bbbbbbbb' } })
      expect(res.status).toBe(401)
    })
  })

  describe('access tokens', () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

    it("refuses a token with alg 'none'", async () => {
      const account = await t.signUp('algnone')
      const [, payload] = account.token.split('.')
      const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`
      const res = await profileWith(forged)
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: expect.any(String) })
    })

    it('refuses a token signed with another key', async () => {
      const account = await t.signUp('otherkey')
      const [, payload] = account.token.split('.')
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('another-secret-another-secret-123'))
      expect((await profileWith(forged)).status).toBe(401)
    })

    it('refuses a token signed with the right key but another algorithm (HS512)', async () => {
      const account = await t.signUp('otheralg')
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject((await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email)))[0]?.id ?? '')
        .setIssuer('qr-tee')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(t.deps.config.jwtSecret))
      expect((await profileWith(forged)).status).toBe(401)
    })

    it('refuses an access token 16 minutes after it was issued, while a refresh gives a working one', async () => {
      const account = await t.signUp('expired')
      expect((await profileWith(account.token)).status).toBe(200)
      t.clock.advance(16 * MINUTE)
      const res = await profileWith(account.token)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
      const renewed = await refresh(account.refreshToken)
      expect((await profileWith(renewed.json.token)).status).toBe(200)
    })

    it.each([['garbage', 'not-a-jwt'], ['three dots of nothing', '..'], ['a truncated token', 'eyJhbGciOiJIUzI1NiJ9.e30']])(
      'refuses %s',
      async (_name, token) => {
        const res = await profileWith(token)
        expect(res.status).toBe(401)
        expect(res.json).toEqual({ message: expect.any(String) })
      },
    )

    it("refuses a valid token of a deleted account", async () => {
      const account = await t.signUp('deleted')
      await t.db.delete(users).where(eq(users.email, account.email))
      const refused = await profileWith(account.token)
      expect(refused.status).toBe(401)
      // Said, so that a client whose deletion answer was lost learns from its retry that the account is gone.
      expect(refused.json).toEqual({ message: 'This account has been deleted.' })
      expect((await refresh(account.refreshToken)).status).toBe(401)
    })
  })
})
