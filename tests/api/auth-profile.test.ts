import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { RESERVED_WORDS } from '../../server/accounts/shareable-id.ts'
import { NEW_PROFILE_FIELDS } from '../../src/contract/profile.ts'
import { profiles } from '../../server/db/schema.ts'
import { describeEachDatabase, TestApp } from './harness.ts'

describeEachDatabase('the profile every new account gets, and GET /api/profiles', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it("returns the owner's profile: a WISHLIST with empty fields, a shareable id and an empty wishlist", async () => {
    const account = await t.signUp('profile')
    const res = await t.request('GET', '/api/profiles', { token: account.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: account.username,
      shareableId: expect.any(String),
      // Every field as the contract says a new account shows it: a public WISHLIST with empty texts, mail about gifts
      // and orders on (issue 29; it goes only to a verified address).
      ...NEW_PROFILE_FIELDS,
      profileImageUrl: null,
      wishlist: [],
    })
    expect(JSON.stringify(res.json)).not.toContain(account.email)
  })

  it('gives each profile a shareable id of 10 characters without look-alikes, never a reserved route word', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const account = await t.signUp('share')
      const { json } = await t.request('GET', '/api/profiles', { token: account.token })
      expect(json.shareableId).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/)
      expect(RESERVED_WORDS.has(json.shareableId)).toBe(false)
      ids.add(json.shareableId)
    }
    expect(ids.size).toBe(5)
  })

  it('creates exactly one profile per account, in the same transaction as the user', async () => {
    const account = await t.signUp('one')
    const { json } = await t.request('GET', '/api/profiles', { token: account.token })
    const rows = await t.db.select().from(profiles).where(eq(profiles.id, json.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.profileType).toBe('WISHLIST')
  })

  it("answers 401 {message} without a token, and never another user's profile", async () => {
    const res = await t.request('GET', '/api/profiles')
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Authentication required' })
    const a = await t.signUp('owner_a')
    const b = await t.signUp('owner_b')
    const profileA = await t.request('GET', '/api/profiles', { token: a.token })
    const profileB = await t.request('GET', '/api/profiles', { token: b.token })
    expect(profileA.json.username).toBe(a.username)
    expect(profileB.json.username).toBe(b.username)
    expect(profileA.json.id).not.toBe(profileB.json.id)
  })
})
