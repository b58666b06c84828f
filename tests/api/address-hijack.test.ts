// Issue 9, security 1: a username spelling another owner's shareableId must never take over the printed code. Replays
// the attack on the API, the page route and the cache, and checks both sides of the rule "one owner per address".
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { CONFLICT_MESSAGES, createAccount } from '../../server/accounts/accounts.ts'
import { profiles, users } from '../../server/db/schema.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'

const VISITOR_DOCUMENT =
  '<!doctype html><html><head><title>QR Tee</title><meta name="description" content="x"><link rel="canonical" href="/">' +
  '<meta property="og:url" content="/"><meta property="og:title" content="QR Tee"></head><body><div id="root"></div></body></html>'

function siteWithVisitorDocument() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-hijack-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), VISITOR_DOCUMENT)
  return loadStaticSite(dist)
}

/** A 10-character address of the shareableId alphabet nobody has yet. */
const freshIdShapedName = () => `zz${Math.random().toString(36).replace(/[^2-9a-hjkmnp-z]/g, '').padEnd(8, 'x').slice(0, 8)}`

const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="profile-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null')

describeEachDatabase("a username can never take over another owner's printed code", (getDatabase) => {
  let t: TestApp
  let page: ReturnType<typeof createApp>
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    page = createApp(t.deps, siteWithVisitorDocument())
  })

  const register = (username: string) =>
    t.request('POST', '/api/auth/register', { body: { username, email: `${username}.${Date.now()}@example.test`, password: 'correct horse 42' } })

  it('registration refuses a username that spells an existing shareableId, in any case; no other route changes one', async () => {
    const victim = await signUpOwner(t, 'victim')
    for (const username of [victim.shareableId, victim.shareableId.toUpperCase()]) {
      const res = await register(username)
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ message: CONFLICT_MESSAGES.username })
    }
    // Registration is the only way to a username: the profile and password routes ignore one.
    const owner = await signUpOwner(t, 'changer')
    await t.request('PUT', '/api/profiles', { token: owner.token, body: { username: victim.shareableId } })
    await t.request('PUT', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password, newPassword: 'another horse 42', username: victim.shareableId } })
    const [row] = await t.db.select({ username: users.username }).from(users).where(eq(users.email, owner.email))
    expect(row?.username).toBe(owner.username)
  })

  it('a squatting username from before the fix: the victim\'s address still answers the victim, on every path', async () => {
    const victim = await signUpOwner(t, 'victim')
    await createItem(t, victim, { name: 'The real gift' })
    const squatter = await signUpOwner(t, 'squatter')
    // Such a row can no longer be made through the API; it stands for one written before the addresses table existed.
    await t.db.update(users).set({ username: victim.shareableId }).where(eq(users.username, squatter.username))
    const redirect = await t.request('PUT', '/api/profiles', { token: squatter.token, body: { profileType: 'REDIRECT', redirectUrl: 'https://evil.example/' } })
    expect(redirect.status).toBe(200)
    // The squatter fetches their own profile once, so it sits in the cache (the step that used to poison it).
    expect((await t.request('GET', `/api/profiles/${squatter.shareableId}`)).status).toBe(200)
    expect((await page.request(`/profile/${squatter.shareableId}`)).status).toBe(302)

    for (let round = 0; round < 2; round++) {
      const api = await t.request('GET', `/api/profiles/${victim.shareableId}`)
      expect(api.status).toBe(200)
      expect(api.json).toMatchObject({ shareableId: victim.shareableId, username: victim.username, profileType: 'WISHLIST' })
      const html = await page.request(`/profile/${victim.shareableId}`)
      expect(html.status).toBe(200)
      expect(embedded(await html.text())).toMatchObject({ shareableId: victim.shareableId })
    }
    // The squatter's own address still opens the squatter's profile.
    expect((await t.request('GET', `/api/profiles/${squatter.shareableId}`)).json.shareableId).toBe(squatter.shareableId)
  })

  it("a squatting username never takes the victim's purchases, nor the code once the victim has deleted the account", async () => {
    const victim = await signUpOwner(t, 'victim')
    const gift = await createItem(t, victim, { name: 'The real gift' })
    const squatter = await signUpOwner(t, 'squatter')
    const bait = await createItem(t, squatter, { name: 'Bait' })
    // A username clashing with the victim's id, as one written before the addresses table existed could.
    await t.db.update(users).set({ username: victim.shareableId }).where(eq(users.username, squatter.username))

    const bought = await t.request('POST', `/api/public/profiles/${victim.shareableId}/purchases`, { body: { wishlistItemId: gift.id } })
    expect(bought.status).toBe(201)
    expect((await t.request('POST', `/api/public/profiles/${victim.shareableId}/purchases`, { body: { wishlistItemId: bait.id } })).status).toBe(404)

    expect((await t.request('DELETE', '/api/users/me', { token: victim.token, body: { currentPassword: victim.password } })).status).toBe(204)
    // The printed code now names nobody: not the squatter whose username spells it.
    expect((await t.request('GET', `/api/profiles/${victim.shareableId}`)).status).toBe(404)
    expect((await page.request(`/profile/${victim.shareableId}`)).status).toBe(404)
    expect((await t.request('POST', `/api/public/profiles/${victim.shareableId}/purchases`, { body: { wishlistItemId: bait.id } })).status).toBe(404)
  })

  it('a new shareableId is never an existing username, in any case: the draw is taken again', async () => {
    const name = freshIdShapedName()
    expect((await register(name.toUpperCase())).status).toBe(201)
    const second = freshIdShapedName()
    const draws = [name, second]
    const created = await createAccount(t.db, { username: `drawn_${second}`, email: `drawn.${second}@example.test`, passwordHash: 'x' }, t.clock.now(), () => draws.shift() ?? 'unused')
    expect(created).toMatchObject({ ok: true, shareableId: second })
  })

  it('two writers at once, a registration and a profile drawing the same text: exactly one gets the address', async () => {
    const name = freshIdShapedName()
    const fallback = freshIdShapedName()
    const draws = [name, fallback]
    const [registered, drawn] = await Promise.all([
      register(name),
      createAccount(t.db, { username: `racer_${name}`, email: `racer.${name}@example.test`, passwordHash: 'x' }, t.clock.now(), () => draws.shift() ?? 'unused'),
    ])
    // The profile took one of the two draws: the race really was between the same text.
    expect(drawn.ok && [name, fallback].includes(drawn.shareableId)).toBe(true)
    const usernameTaken = registered.status === 201
    const idTaken = drawn.ok && drawn.shareableId === name
    expect([usernameTaken, idTaken].filter(Boolean)).toHaveLength(1)
    const [holders] = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(sql`lower(${users.username}) = ${name} or ${profiles.shareableId} = ${name}`)
    expect(holders?.n).toBe(1)
  })
})
