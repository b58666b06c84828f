import { beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES, ProfileSchema } from '../../src/contract/profile.ts'
import { ITEM_MESSAGES } from '../../src/contract/wishlist.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, type Owner, signUpOwner, validItem } from './owner-helpers.ts'
import { download, fixture, upload } from './upload-helpers.ts'

/** The owner's profile: the contract's editable fields, its ids and address, the photo's URL and the wishlist. */
const PROFILE_FIELDS = Object.keys(ProfileSchema.entries).sort()

/** `javascript:`, `data:` and `vbscript:` as typed, and disguised by case, whitespace and control characters. */
const DANGEROUS_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'jav\u0000ascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'javascript\u0000:alert(1)',
  'javascript :alert(1)',
  '\ufeffjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ' data:text/html,x',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'vb\tscript:msgbox(1)',
]

describeEachDatabase('profiles', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'profiler')
  })

  describe('GET and PUT /api/profiles', () => {
    it('GET answers every spec field plus isPublic, with no-store', async () => {
      const res = await t.request('GET', '/api/profiles', { token: owner.token })
      expect(res.status).toBe(200)
      expect(Object.keys(res.json).sort()).toEqual(PROFILE_FIELDS)
      expect(res.json).toMatchObject({ username: owner.username, profileType: 'WISHLIST', isPublic: true, wishlist: [] })
      expect(res.headers.get('cache-control')).toBe('no-store')
    })

    it('PUT with the settings payload saves it and answers the profile', async () => {
      const res = await t.request('PUT', '/api/profiles', {
        token: owner.token,
        body: {
          description: 'I like trail running and good coffee.',
          profileType: 'SOCIAL_LINKS',
          customText: 'Hello there!',
          redirectUrl: 'example.com/landing',
          contactInfo: 'me@example.com',
          socialLinks: [
            { platform: 'instagram', url: 'instagram.com/me' },
            { id: 7, platform: 'email', url: 'mailto:me@example.com' },
            { platform: 'phone', url: 'tel:+491701234567' },
            { platform: '', url: '' },
          ],
        },
      })
      expect(res.status).toBe(200)
      expect(Object.keys(res.json).sort()).toEqual(PROFILE_FIELDS)
      expect(res.json).toMatchObject({
        description: 'I like trail running and good coffee.',
        profileType: 'SOCIAL_LINKS',
        customText: 'Hello there!',
        redirectUrl: 'https://example.com/landing',
        contactInfo: 'me@example.com',
        socialLinks: [
          { id: 8, platform: 'instagram', url: 'https://instagram.com/me' },
          { id: 7, platform: 'email', url: 'mailto:me@example.com' },
          { id: 9, platform: 'phone', url: 'tel:+491701234567' },
          { id: 10, platform: '', url: '' },
        ],
      })
      const again = await t.request('GET', '/api/profiles', { token: owner.token })
      expect(again.json.socialLinks).toEqual(res.json.socialLinks)
    })

    it('PUT with only {profileImageId} sets the photo; replacing it deletes the old one; null removes it', async () => {
      const first = await upload(t, owner.token, fixture('small.png'), { query: `?profileId=${owner.profileId}` })
      const second = await upload(t, owner.token, fixture('small.webp'), { query: `?profileId=${owner.profileId}` })
      const set = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileImageId: first.json.id } })
      expect(set.status).toBe(200)
      expect(set.json).toMatchObject({ profileImageId: first.json.id, profileImageUrl: `/api/uploads/${first.json.id}` })
      const replaced = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileImageId: second.json.id } })
      expect(replaced.json.profileImageId).toBe(second.json.id)
      expect((await download(t, first.json.url)).status).toBe(404)
      const removed = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileImageId: null } })
      expect(removed.json).toMatchObject({ profileImageId: null, profileImageUrl: null })
      expect((await download(t, second.json.url)).status).toBe(404)
    })

    it("PUT {profileImageId} of another owner's image answers 404", async () => {
      const other = await signUpOwner(t, 'imgowner')
      const theirs = await upload(t, other.token, fixture('small.png'))
      const res = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileImageId: theirs.json.id } })
      expect(res.status).toBe(404)
      expect((await download(t, theirs.json.url)).status).toBe(200)
    })

    it.each([
      [{ redirectUrl: 'mailto:me@example.com' }, PROFILE_MESSAGES.redirectUrl],
      [{ redirectUrl: 'ftp://example.com/file' }, PROFILE_MESSAGES.redirectUrl],
      [{ redirectUrl: 'not a url' }, PROFILE_MESSAGES.redirectUrl],
      [{ socialLinks: [{ platform: 'web', url: 'hello' }] }, PROFILE_MESSAGES.socialUrl()],
      [{ socialLinks: [{ platform: 'web', url: 'ftp://example.com' }] }, PROFILE_MESSAGES.socialUrl()],
      [{ socialLinks: [{ platform: 'web', url: 'mailto:' }] }, PROFILE_MESSAGES.socialUrl()],
      [{ socialLinks: Array.from({ length: 31 }, () => ({ platform: 'x', url: '' })) }, PROFILE_MESSAGES.socialLinksMax],
      [{ socialLinks: [{ platform: 'p'.repeat(41), url: '' }] }, PROFILE_MESSAGES.platform],
      [{ profileType: 'ADMIN' }, PROFILE_MESSAGES.profileType],
      [{ description: 'd'.repeat(2001) }, PROFILE_MESSAGES.description],
      [{ customText: 'c'.repeat(5001) }, PROFILE_MESSAGES.customText],
      [{ contactInfo: 'c'.repeat(501) }, PROFILE_MESSAGES.contactInfo],
      [{ profileImageId: 'not-a-uuid' }, PROFILE_MESSAGES.imageId],
    ])('PUT %j answers 400 %j', async (body, message) => {
      const res = await t.request('PUT', '/api/profiles', { token: owner.token, body })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message })
    })

    it('PUT ignores username, shareableId, id and other fields outside the payload', async () => {
      const before = await t.request('GET', '/api/profiles', { token: owner.token })
      const res = await t.request('PUT', '/api/profiles', {
        token: owner.token,
        body: { description: 'Changed only this.', username: 'hijack', shareableId: 'stolenid22', id: '00000000-0000-4000-8000-000000000000', userId: 'x', seq: 99, email: 'x@example.com' },
      })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ description: 'Changed only this.', username: before.json.username, shareableId: before.json.shareableId, id: before.json.id })
    })

    it('needs a token', async () => {
      expect((await t.request('PUT', '/api/profiles', { body: { description: 'x' } })).status).toBe(401)
    })
  })

  describe('dangerous URL schemes are refused with 400 wherever a URL is stored', () => {
    it.each(DANGEROUS_URLS)('%j', async (url) => {
      const before = await t.request('GET', '/api/profiles', { token: owner.token })
      const answers = [
        await t.request('PUT', '/api/profiles', { token: owner.token, body: { redirectUrl: url } }),
        await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinks: [{ platform: 'web', url }] } }),
        await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ productUrl: url }) }),
        await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem({ imageUrl: url }) }),
      ]
      expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400])
      expect(answers.map((r) => r.json.message)).toEqual([
        PROFILE_MESSAGES.redirectUrl,
        PROFILE_MESSAGES.socialUrl(),
        ITEM_MESSAGES.productUrl,
        ITEM_MESSAGES.imageUrlShape,
      ])
      const after = await t.request('GET', '/api/profiles', { token: owner.token })
      expect(after.json.redirectUrl).toBe(before.json.redirectUrl)
      expect(after.json.socialLinks).toEqual(before.json.socialLinks)
    })
  })

  describe('the public profile GET /api/profiles/{shareableId}', () => {
    let visited: Owner
    beforeAll(async () => {
      visited = await signUpOwner(t, 'visited')
      await t.request('PUT', '/api/profiles', {
        token: visited.token,
        body: { description: 'Gift ideas for my birthday.', contactInfo: 'secret-contact@example.com', socialLinks: [{ platform: 'github', url: 'github.com/me' }] },
      })
      await createItem(t, visited, { name: 'Espresso cups' })
    })

    it('answers without a token what a visitor sees: no contactInfo, no email, no isPublic', async () => {
      const res = await t.request('GET', `/api/profiles/${visited.shareableId}`)
      expect(res.status).toBe(200)
      // A wishlist's fields only (tests/api/public-profile-fields.test.ts has every type).
      expect(Object.keys(res.json).sort()).toEqual(['description', 'profileImageUrl', 'profileType', 'shareableId', 'username', 'wishlist'])
      expect(res.json).toMatchObject({ username: visited.username, description: 'Gift ideas for my birthday.', shareableId: visited.shareableId })
      expect(res.json.wishlist.map((i: { name: string }) => i.name)).toEqual(['Espresso cups'])
      expect(res.text).not.toContain('secret-contact@example.com')
      expect(res.text).not.toContain(visited.email)
      expect(res.headers.get('cache-control')).toBe('public, max-age=10')
      expect(res.headers.get('etag')).toMatch(/^".+"$/)
    })

    it('resolves a username too, case-insensitively (the landing demo uses /profile/{username})', async () => {
      const res = await t.request('GET', `/api/profiles/${visited.username.toUpperCase()}`)
      expect(res.status).toBe(200)
      expect(res.json.shareableId).toBe(visited.shareableId)
    })

    it('answers 304 to a repeated read with If-None-Match', async () => {
      const first = await t.request('GET', `/api/profiles/${visited.shareableId}`)
      const again = await t.request('GET', `/api/profiles/${visited.shareableId}`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } })
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    })

    it('a write by the owner shows at once: new ETag, new content', async () => {
      const first = await t.request('GET', `/api/profiles/${visited.shareableId}`)
      await createItem(t, visited, { name: 'Coffee grinder' })
      const after = await t.request('GET', `/api/profiles/${visited.shareableId}`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } })
      expect(after.status).toBe(200)
      expect(after.json.wishlist.map((i: { name: string }) => i.name)).toContain('Coffee grinder')
    })

    it('serves gzip to a client that accepts it', async () => {
      const res = await t.app.request(`/api/profiles/${visited.shareableId}`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(res.headers.get('content-encoding')).toBe('gzip')
    })

    it('the off-switch: isPublic false answers the same 404 {message} as a missing profile, and true brings it back', async () => {
      const missing = await t.request('GET', '/api/profiles/nosuchprofile')
      expect(missing.status).toBe(404)
      await t.request('GET', `/api/profiles/${visited.shareableId}`)
      const off = await t.request('PUT', '/api/profiles', { token: visited.token, body: { isPublic: false } })
      expect(off.json.isPublic).toBe(false)
      for (const address of [visited.shareableId, visited.username]) {
        const res = await t.request('GET', `/api/profiles/${address}`)
        expect(res.status).toBe(404)
        expect(res.json).toEqual(missing.json)
      }
      await t.request('PUT', '/api/profiles', { token: visited.token, body: { isPublic: true } })
      expect((await t.request('GET', `/api/profiles/${visited.shareableId}`)).status).toBe(200)
    })
  })
})
