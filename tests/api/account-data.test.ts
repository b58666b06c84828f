// Personal data: GET /api/users/me/export (everything of the owner, nothing of anyone else, no secret) and
// DELETE /api/users/me (every row and image gone, tokens dead, public profile 404 at once, username and email free).
import { eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_EXPORT_FORMAT, ACCOUNT_MESSAGES, AccountExportHeaderSchema } from '../../src/contract/account.ts'
import { idempotencyKeys, linkedIdentities, orders, images, itemTombstones, profiles, publicAddresses, purchaseRecords, refreshTokens, users, wishlistItems } from '../../server/db/schema.ts'
import { WRONG_CURRENT_PASSWORD } from '../../server/accounts/users.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, type Owner, signUpOwner } from './owner-helpers.ts'
import { download, fixture, upload } from './upload-helpers.ts'

/** An owner with something in every table: profile text, a photo, two items (one with a photo, one bought), two sessions. */
async function richOwner(t: TestApp, prefix: string) {
  const owner = await signUpOwner(t, prefix)
  const photo = await upload(t, owner.token, fixture('small.png'), { query: `?profileId=${owner.profileId}` })
  const itemPhoto = await upload(t, owner.token, fixture('small.webp'))
  const marker = `${prefix}-${Math.random().toString(36).slice(2, 8)}`
  const profile = await t.request('PUT', '/api/profiles', {
    token: owner.token,
    headers: { 'Idempotency-Key': newKey() },
    body: { description: `About ${marker}`, contactInfo: `call ${marker}`, profileImageId: photo.json.id },
  })
  expect(profile.status).toBe(200)
  const kept = await createItem(t, owner, { name: `Kept ${marker}`, storedImageId: itemPhoto.json.id })
  const bought = await createItem(t, owner, { name: `Bought ${marker}` })
  const gone = await createItem(t, owner, { name: `Deleted ${marker}` })
  expect((await t.request('DELETE', `/api/wishlist-items/${gone.id}`, { token: owner.token })).status).toBe(204)
  // With a key, as the visitor page sends it: the stored replay of this answer holds the owner's contact info.
  const purchase = await t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, {
    headers: { 'Idempotency-Key': newKey() },
    body: { wishlistItemId: bought.id },
  })
  expect(purchase.status).toBe(201)
  const secondSession = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
  expect(secondSession.status).toBe(200)
  return {
    ...owner,
    marker,
    items: { kept, bought },
    imageIds: [photo.json.id as string, itemPhoto.json.id as string],
    sessions: [owner, secondSession.json as { token: string; refreshToken: string }],
  }
}

async function userIdOf(t: TestApp, owner: Owner): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username))
  if (!row) throw new Error(`no user ${owner.username}`)
  return row.id
}

/** Rows of the user in every table that holds owner data. */
async function rowCounts(t: TestApp, userId: string) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length
  return {
    users: await count(t.db.select({ id: users.id }).from(users).where(eq(users.id, userId))),
    profiles: await count(t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId))),
    wishlistItems: await count(t.db.select({ id: wishlistItems.id }).from(wishlistItems).where(eq(wishlistItems.userId, userId))),
    itemTombstones: await count(t.db.select({ id: itemTombstones.itemId }).from(itemTombstones).where(eq(itemTombstones.userId, userId))),
    purchaseRecords: await count(t.db.select({ id: purchaseRecords.id }).from(purchaseRecords).where(eq(purchaseRecords.userId, userId))),
    images: await count(t.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))),
    refreshTokens: await count(t.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.userId, userId))),
    idempotencyKeys: await count(t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, userId))),
    publicAddresses: await count(t.db.select({ address: publicAddresses.address }).from(publicAddresses).where(eq(publicAddresses.userId, userId))),
  }
}

describeEachDatabase('personal data', (getDatabase, { name }) => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    base = t.deps.config.publicUrl
  })

  describe('GET /api/users/me/export', () => {
    it("answers the owner's account, profile, items, purchases, images and sessions as a no-store attachment", async () => {
      const owner = await richOwner(t, 'export')
      const res = await t.request('GET', '/api/users/me/export', { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="qrtee-export-${owner.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`))
      const doc = res.json
      expect(v.is(AccountExportHeaderSchema, doc)).toBe(true)
      expect(doc.format).toBe(ACCOUNT_EXPORT_FORMAT)
      expect(doc.account).toEqual({ id: await userIdOf(t, owner), username: owner.username, email: owner.email, createdAt: expect.any(String) })
      expect(doc.profile).toMatchObject({
        id: owner.profileId,
        shareableId: owner.shareableId,
        publicAddress: `${base}/profile/${owner.shareableId}`,
        description: `About ${owner.marker}`,
        contactInfo: `call ${owner.marker}`,
        profileImageUrl: `${base}/api/uploads/${owner.imageIds[0]}`,
        isPublic: true,
      })
      expect(doc.wishlistItems.map((item: { name: string }) => item.name)).toEqual([`Kept ${owner.marker}`, `Bought ${owner.marker}`])
      expect(doc.wishlistItems[0]).toMatchObject({ id: owner.items.kept.id, price: 119.9, storedImageUrl: `${base}/api/uploads/${owner.imageIds[1]}` })
      expect(doc.wishlistItems[1]).toMatchObject({ id: owner.items.bought.id, isPurchased: true, purchasedPrice: 119.9 })
      expect(doc.purchaseRecords).toEqual([
        { id: expect.any(String), wishlistItemId: owner.items.bought.id, priceAtPurchase: 119.9, purchasedAt: expect.any(String), visitorEmail: null, visitorMessage: null, undoneAt: null },
      ])
      expect(doc.images.map((image: { url: string }) => image.url).sort()).toEqual(owner.imageIds.map((id) => `${base}/api/uploads/${id}`).sort())
      expect(doc.images[0]).toEqual({ id: expect.any(String), url: expect.any(String), contentType: expect.any(String), byteSize: expect.any(Number), width: expect.any(Number), height: expect.any(Number), createdAt: expect.any(String) })
      expect(doc.sessions).toHaveLength(2)
      expect(doc.sessions[0]).toEqual({ startedAt: expect.any(String), lastRefreshedAt: expect.any(String), expiresAt: expect.any(String), endedAt: null })
    })

    it('lists the shirts ordered and the linked Google sign-in', async () => {
      const owner = await signUpOwner(t, 'orders')
      const userId = await userIdOf(t, owner)
      const recipient = { name: 'Ada Owner', address1: '1 Print Lane', city: 'Berlin', country_code: 'DE', state_code: '', zip: '10115' }
      const lines = [{ variantId: 4012, syncVariantId: null, productName: 'Unisex tee', size: 'M', quantity: 2, unitPriceCents: 1995 }]
      await t.db.insert(orders).values({
        id: crypto.randomUUID(), userId, provider: 'demo', providerOrderId: `demo-${owner.username}`, externalId: `x-${crypto.randomUUID()}`,
        status: 'draft', recipient, lines, shippingRateId: 'STANDARD', shippingName: 'Standard', subtotalCents: 3990, shippingCents: 499, totalCents: 4489, currency: 'EUR',
      })
      await t.db.insert(linkedIdentities).values({ provider: 'google', subject: `sub-${crypto.randomUUID()}`, userId, email: owner.email })
      const doc = (await t.request('GET', '/api/users/me/export', { token: owner.token })).json
      expect(doc.orders).toEqual([expect.objectContaining({ status: 'draft', recipient, lines, totalCents: 4489, currency: 'EUR' })])
      expect(doc.linkedSignIns).toEqual([{ provider: 'google', email: owner.email, linkedAt: expect.any(String) }])
      // The provider's subject is a handle on the account at Google: not part of the file.
      expect(JSON.stringify(doc)).not.toContain('sub-')

      expect((await t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(204)
      expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).toEqual([])
      expect(await t.db.select({ s: linkedIdentities.subject }).from(linkedIdentities).where(eq(linkedIdentities.userId, userId))).toEqual([])
    })

    it("holds nothing of another owner and no secret: no password hash, no token hash, no plain token", async () => {
      const owner = await richOwner(t, 'exportsecret')
      const other = await richOwner(t, 'exportother')
      const res = await t.request('GET', '/api/users/me/export', { token: owner.token })
      expect(res.status).toBe(200)
      const text = res.text
      for (const leak of [other.marker, other.username, other.email, other.shareableId, other.profileId, ...other.imageIds]) expect(text).not.toContain(leak)
      const userId = await userIdOf(t, owner)
      const [account] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
      const tokenRows = await t.db.select({ tokenHash: refreshTokens.tokenHash, familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.userId, userId))
      expect(tokenRows.length).toBeGreaterThanOrEqual(2)
      const secrets = [account?.passwordHash ?? 'missing', ...tokenRows.flatMap((row) => [row.tokenHash, row.familyId]), ...owner.sessions.flatMap((s) => [s.token, s.refreshToken]), owner.password]
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|\$argon2/i)
    })

    it('answers 401 without a valid token', async () => {
      expect((await t.request('GET', '/api/users/me/export')).status).toBe(401)
      expect((await t.request('GET', '/api/users/me/export', { token: 'forged.token.value' })).status).toBe(401)
    })
  })

  describe('DELETE /api/users/me', () => {
    it.each([
      ['no body field', {}, ACCOUNT_MESSAGES.deletePasswordRequired],
      ['an empty password', { currentPassword: '' }, ACCOUNT_MESSAGES.deletePasswordRequired],
      ['a wrong password', { currentPassword: 'not my password' }, WRONG_CURRENT_PASSWORD],
    ])('answers 400 with a message for %s and deletes nothing', async (_, body, message) => {
      const owner = await signUpOwner(t, 'keepme')
      const res = await t.request('DELETE', '/api/users/me', { token: owner.token, body })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
      expect((await t.request('GET', '/api/profiles', { token: owner.token })).status).toBe(200)
      expect((await t.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(200)
    })

    it('answers 401 without a token', async () => {
      expect((await t.request('DELETE', '/api/users/me', { body: { currentPassword: 'whatever 1' } })).status).toBe(401)
    })

    it('removes every row and image, kills every token, 404s the cached public profile, and frees the username and email', async () => {
      const owner = await richOwner(t, 'leaving')
      const other = await richOwner(t, 'staying')
      const userId = await userIdOf(t, owner)
      // Both addresses are read first, so the cache holds the profile when the account goes.
      for (const address of [owner.shareableId, owner.username]) expect((await t.request('GET', `/api/profiles/${address}`)).status).toBe(200)
      expect(Object.values(await rowCounts(t, userId)).every((n) => n > 0)).toBe(true)
      const otherBefore = await rowCounts(t, await userIdOf(t, other))

      const replaysWithContact = async () =>
        (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(like(idempotencyKeys.responseBody, `%call ${owner.marker}%`))).length
      expect(await replaysWithContact()).toBe(2) // the owner's own profile PUT and the visitor's purchase

      const res = await t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })
      expect(res.status).toBe(204)
      // The visitor's stored purchase answer (scoped to the visitor, not the owner) went with the owner's contact info.
      expect(await replaysWithContact()).toBe(0)

      expect(await rowCounts(t, userId)).toEqual({
        users: 0, profiles: 0, wishlistItems: 0, itemTombstones: 0, purchaseRecords: 0, images: 0, refreshTokens: 0, idempotencyKeys: 0, publicAddresses: 0,
      })
      for (const session of owner.sessions) {
        for (const [method, path] of [['GET', '/api/profiles'], ['GET', '/api/users/me/export'], ['GET', '/api/sync/changes?cursor=0'], ['GET', '/api/purchase-records']]) {
          expect((await t.request(method ?? 'GET', path ?? '/', { token: session.token })).status).toBe(401)
        }
        expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
      }
      for (const address of [owner.shareableId, owner.username, owner.username.toUpperCase()]) {
        expect((await t.request('GET', `/api/profiles/${address}`)).status).toBe(404)
        expect((await t.request('POST', `/api/public/profiles/${address}/purchases`, { body: { wishlistItemId: owner.items.kept.id } })).status).toBe(404)
      }
      for (const id of owner.imageIds) expect((await download(t, `/api/uploads/${id}`)).status).toBe(404)
      expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })).status).toBe(401)

      // The other owner lost nothing.
      expect(await rowCounts(t, await userIdOf(t, other))).toEqual(otherBefore)
      expect((await t.request('GET', `/api/profiles/${other.shareableId}`)).json.description).toBe(`About ${other.marker}`)
      for (const id of other.imageIds) expect((await download(t, `/api/uploads/${id}`)).status).toBe(200)
      expect((await t.request('GET', '/api/profiles', { token: other.token })).status).toBe(200)

      // Username and email are free: the same person can start again, and the username now opens the new profile.
      const again = await t.request('POST', '/api/auth/register', { body: { username: owner.username, email: owner.email, password: 'a new start 42' } })
      expect(again.status).toBe(201)
      const fresh = await t.request('GET', '/api/profiles', { token: again.json.token })
      expect(fresh.json.shareableId).not.toBe(owner.shareableId)
      expect((await t.request('GET', `/api/profiles/${owner.username}`)).json).toMatchObject({ shareableId: fresh.json.shareableId, description: '', wishlist: [] })
      expect((await t.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(404)
      // The shareableId is retired, not freed: a shirt printed for the deleted account never opens someone else.
      const squatter = await t.request('POST', '/api/auth/register', {
        body: { username: owner.shareableId.toUpperCase(), email: `squat.${owner.marker}@example.test`, password: 'squatting 42' },
      })
      expect(squatter.status).toBe(409)
      expect(squatter.json.message).toBe('This username is already taken')
      const [retired] = await t.db.select().from(publicAddresses).where(eq(publicAddresses.address, owner.shareableId.toLowerCase()))
      expect(retired).toMatchObject({ userId: null, kind: 'shareable_id' })
      // The old tokens do not come back to life with the new account of the same name.
      expect((await t.request('GET', '/api/profiles', { token: owner.token })).status).toBe(401)
    })

    it('runs against concurrent writes, purchases, uploads and sign-ins of the same owner without a 5xx, leaving no row behind', async () => {
      const rounds = name === 'postgres' ? 8 : 2
      for (let round = 0; round < rounds; round++) {
        const owner = await signUpOwner(t, 'racing')
        const userId = await userIdOf(t, owner)
        const item = await createItem(t, owner, { name: `Racing ${round}` })
        const calls = [
          () => t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } }),
          () => t.request('PUT', `/api/wishlist-items/${item.id}`, { token: owner.token, body: { name: `Edited ${round}` } }),
          () => t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: item.id } }),
          () => t.request('PUT', '/api/profiles', { token: owner.token, body: { description: `Round ${round}` } }),
          () => t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: { name: 'Late arrival', description: 'Created while the account goes.', price: 5, brand: 'Acme' } }),
          () => upload(t, owner.token, fixture('small.png')),
          () => t.request('POST', '/api/auth/refresh', { body: { refreshToken: owner.refreshToken } }),
          () => t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } }),
        ]
        const order = calls.map((_, i) => (i + round) % calls.length)
        const answers: { status: number; json: { message?: string } | undefined }[] = []
        await Promise.all(order.map(async (i) => (answers[i] = await (calls[i] as (typeof calls)[number])())))
        const detail = JSON.stringify(answers.map((a) => [a.status, a.json?.message]))
        expect(answers[0]?.status, detail).toBe(204)
        expect(answers.every((a) => a.status < 500), detail).toBe(true)
        expect(await rowCounts(t, userId), detail).toEqual({
          users: 0, profiles: 0, wishlistItems: 0, itemTombstones: 0, purchaseRecords: 0, images: 0, refreshTokens: 0, idempotencyKeys: 0, publicAddresses: 0,
        })
      }
    })

    it('shares the password-change budget: guesses beyond it answer 429 with Retry-After', async () => {
      const limited = new TestApp(await getDatabase(), { rateLimits: { passwordChange: { max: 2, windowMs: 15 * 60_000 } } })
      const owner = await signUpOwner(limited, 'deletelimit')
      const guess = () => limited.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: 'a guess' } })
      expect((await limited.request('PUT', '/api/users/me', { token: owner.token, body: { currentPassword: 'a guess', newPassword: 'whatever 1' } })).status).toBe(400)
      expect((await guess()).status).toBe(400)
      const refused = await guess()
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.json.message).toMatch(/^Too many attempts/)
      // Even the right password waits: the limit is on attempts, not on failures.
      expect((await limited.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(429)
      expect((await limited.request('GET', '/api/profiles', { token: owner.token })).status).toBe(200)
    })
  })
})
