import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONFLICT_MESSAGES, MESSAGES } from '../../src/contract/auth.ts'
import { users } from '../../server/db/schema.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
const newAccount = (prefix = 'reg') => {
  const id = unique()
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.test`, password: 'a long passphrase 7' }
}

describeEachDatabase('register, login and their validation', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  describe('POST /api/auth/register', () => {
    it('answers 201 with an access token and a refresh token', async () => {
      const res = await t.request('POST', '/api/auth/register', { body: newAccount() })
      expect(res.status).toBe(201)
      expect(res.json).toEqual({ token: expect.any(String), refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
      expect(res.json.token.split('.')).toHaveLength(3)
    })

    it.each([
      ['a username of 2 characters', { username: 'ab' }, MESSAGES.username],
      ['a missing username', { username: undefined }, MESSAGES.username],
      ['a username with a space', { username: 'two words' }, MESSAGES.usernameChars],
      ['a username of 41 characters', { username: 'u'.repeat(41) }, MESSAGES.usernameMax],
      ['an email without @', { email: 'not-an-email' }, MESSAGES.email],
      ['a missing email', { email: undefined }, MESSAGES.email],
      ['a password of 7 characters', { password: '1234567' }, MESSAGES.password],
      ['a missing password', { password: undefined }, MESSAGES.password],
      ['a password of 257 characters', { password: 'p'.repeat(257) }, MESSAGES.passwordMax],
    ])('refuses %s with 400 and the spec message', async (_name, change, message) => {
      const res = await t.request('POST', '/api/auth/register', { body: { ...newAccount(), ...change } })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it("answers 409 'This username is already taken' for the same username in other case", async () => {
      const first = newAccount()
      expect((await t.request('POST', '/api/auth/register', { body: first })).status).toBe(201)
      const res = await t.request('POST', '/api/auth/register', {
        body: { ...newAccount(), username: first.username.toUpperCase() },
      })
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ message: 'This username is already taken' })
    })

    it(`answers 409 '${CONFLICT_MESSAGES.usernameReserved}' for a username that is an app route, in any case`, async () => {
      for (const username of ['edit', 'new', 'profile', 'api', '.well-known', 'EDIT', 'Dashboard']) {
        const account = { ...newAccount(), username }
        const res = await t.request('POST', '/api/auth/register', { body: account })
        expect(res.status, username).toBe(409)
        expect(res.json).toEqual({ message: CONFLICT_MESSAGES.usernameReserved })
        expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email))).toEqual([])
      }
    })

    it("answers 409 'An account with this email already exists' for the same email in other case", async () => {
      const first = newAccount()
      expect((await t.request('POST', '/api/auth/register', { body: first })).status).toBe(201)
      const res = await t.request('POST', '/api/auth/register', {
        body: { ...newAccount(), email: first.email.toUpperCase() },
      })
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ message: 'An account with this email already exists' })
    })

    it('lets exactly one of two simultaneous registrations of one email succeed', async () => {
      const email = `twin.${unique()}@example.test`
      const results = await Promise.all([
        t.request('POST', '/api/auth/register', { body: { ...newAccount(), email } }),
        t.request('POST', '/api/auth/register', { body: { ...newAccount(), email: email.toUpperCase() } }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    })

    it('stores the password as an argon2id hash, never as given', async () => {
      const account = newAccount()
      await t.request('POST', '/api/auth/register', { body: account })
      const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, account.username))
      expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(row?.hash).not.toContain(account.password)
    })

    it('ignores fields outside the payload schema', async () => {
      const res = await t.request('POST', '/api/auth/register', {
        body: { ...newAccount(), id: '00000000-0000-4000-8000-000000000000', isAdmin: true, changeSeq: 99 },
      })
      expect(res.status).toBe(201)
      const me = await t.request('GET', '/api/profiles', { token: res.json.token })
      expect(me.status).toBe(200)
    })

    it("answers malformed JSON with 400 {message: 'Malformed JSON in request body'}", async () => {
      const res = await t.request('POST', '/api/auth/register', {
        rawBody: '{"username": "abc",',
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(res.json).toEqual({ message: 'Malformed JSON in request body' })
    })
  })

  describe('POST /api/auth/login', () => {
    it('answers 200 with a working token pair for the right password, whatever the email case', async () => {
      const account = await t.signUp('login')
      const res = await t.request('POST', '/api/auth/login', {
        body: { email: account.email.toUpperCase(), password: account.password },
      })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ token: expect.any(String), refreshToken: expect.any(String) })
      expect((await t.request('GET', '/api/profiles', { token: res.json.token })).status).toBe(200)
    })

    it.each([
      ['an invalid email', { email: 'nope' }, MESSAGES.email],
      ['an empty password', { password: '' }, MESSAGES.passwordRequired],
      ['a missing password', { password: undefined }, MESSAGES.passwordRequired],
    ])('refuses %s with 400 and the spec message', async (_name, change, message) => {
      const res = await t.request('POST', '/api/auth/login', {
        body: { email: `x.${unique()}@example.test`, password: 'whatever', ...change },
      })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it("answers 401 'Invalid email or password.' for a wrong password", async () => {
      const account = await t.signUp('wrongpw')
      const res = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: 'not the password' } })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Invalid email or password.' })
    })

    it('answers an unknown email exactly like a wrong password (status, body, headers)', async () => {
      const account = await t.signUp('enum')
      const wrong = await t.request('POST', '/api/auth/login', { body: { email: account.email, password: 'not the password' } })
      const unknown = await t.request('POST', '/api/auth/login', {
        body: { email: `nobody.${unique()}@example.test`, password: 'not the password' },
      })
      expect(unknown.status).toBe(wrong.status)
      expect(unknown.text).toBe(wrong.text)
      const headerNames = (h: Headers) => [...h.keys()].sort()
      expect(headerNames(unknown.headers)).toEqual(headerNames(wrong.headers))
    })

    it('spends comparable time on an unknown email and on a wrong password (a dummy argon2 check)', async () => {
      const account = await t.signUp('timing')
      const median = async (email: string) => {
        const times: number[] = []
        for (let i = 0; i < 5; i++) {
          const started = performance.now()
          await t.request('POST', '/api/auth/login', { body: { email, password: `wrong ${i}` } })
          times.push(performance.now() - started)
        }
        return times.sort((a, b) => a - b)[2] ?? 0
      }
      const wrongPassword = await median(account.email)
      const unknownEmail = await median(`ghost.${unique()}@example.test`)
      // Without the dummy check an unknown email would answer in a fraction of a millisecond of database work.
      expect(unknownEmail).toBeGreaterThan(wrongPassword * 0.3)
    })
  })
})
