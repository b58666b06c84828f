import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MESSAGES } from '../../src/contract/images.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'
import { containsAscii, download, fixture, upload } from './upload-helpers.ts'

describeEachDatabase('uploads', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    owner = await signUpOwner(t, 'uploader')
  })

  describe('happy path', () => {
    it.each([
      ['small.png', 'image/png'],
      ['small.webp', 'image/webp'],
      ['photo-with-gps.jpg', 'image/jpeg'],
      ['small.gif', 'image/png'],
    ])('POST /api/uploads stores %s and answers {id, url}; GET serves it as %s', async (name, servedType) => {
      const res = await upload(t, owner.token, fixture(name), { name })
      expect(res.status).toBe(201)
      expect(Object.keys(res.json).sort()).toEqual(['id', 'url'])
      expect(res.json.url).toBe(`/api/uploads/${res.json.id}`)
      const served = await download(t, res.json.url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(servedType)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    })

    it('recognises the format by its bytes, whatever name and type the client claims', async () => {
      const res = await upload(t, owner.token, fixture('small.webp'), { name: 'holiday.txt', type: 'text/plain' })
      expect(res.status).toBe(201)
      expect((await download(t, res.json.url)).headers.get('content-type')).toBe('image/webp')
    })

    it('re-encodes a photo to at most 1600 px on the long side with EXIF and GPS gone from the served bytes', async () => {
      const original = fixture('photo-with-gps.jpg')
      expect(containsAscii(original, 'GPS Leaker 3000')).toBe(true)
      const res = await upload(t, owner.token, original, { name: 'photo.jpg', type: 'image/jpeg' })
      const served = await download(t, res.json.url)
      const meta = await sharp(served.bytes).metadata()
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600)
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(containsAscii(served.bytes, 'Exif')).toBe(false)
      expect(containsAscii(served.bytes, 'GPS Leaker 3000')).toBe(false)
      expect(containsAscii(served.bytes, 'fixture-owner-secret')).toBe(false)
    })

    it('makes a profile photo (?profileId=) at most 512 px on the long side', async () => {
      const res = await upload(t, owner.token, fixture('photo-with-gps.jpg'), { query: `?profileId=${owner.profileId}` })
      expect(res.status).toBe(201)
      const meta = await sharp((await download(t, res.json.url)).bytes).metadata()
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512)
    })

    it('a polyglot JPEG carrying HTML in a comment is re-encoded without it', async () => {
      const res = await upload(t, owner.token, fixture('comment-with-script.jpg'), { type: 'image/jpeg' })
      expect(res.status).toBe(201)
      expect(containsAscii((await download(t, res.json.url)).bytes, '<script')).toBe(false)
    })

    it.each([480, 720, 960])('?w=%i serves a WebP copy that wide (never wider than the original), with its own ETag', async (width) => {
      const res = await upload(t, owner.token, fixture('photo-with-gps.jpg'), { name: 'photo.jpg', type: 'image/jpeg' })
      const served = await download(t, `${res.json.url}?w=${width}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await sharp(served.bytes).metadata()).width).toBe(width)
      expect(served.bytes.byteLength).toBeLessThan((await download(t, res.json.url)).bytes.byteLength)
      const etag = served.headers.get('etag') ?? ''
      expect(etag).toBe(`"${res.json.id}-w${width}"`)
      expect((await download(t, `${res.json.url}?w=${width}`, { 'If-None-Match': etag })).status).toBe(304)
      const small = await upload(t, owner.token, fixture('small.png'))
      expect((await sharp((await download(t, `${small.json.url}?w=${width}`)).bytes).metadata()).width).toBeLessThan(width)
    })

    it.each(['100', '5000', 'abc', ''])("?w=%j is refused with 400 and the widths it may be", async (width) => {
      const res = await upload(t, owner.token, fixture('small.png'))
      const served = await t.request('GET', `${res.json.url}?w=${width}`)
      expect(served.status).toBe(400)
      expect(served.json).toEqual({ message: 'Image width must be one of 480, 720, 960' })
    })

    it('answers 304 to a revalidation of an image', async () => {
      const res = await upload(t, owner.token, fixture('small.png'))
      const first = await download(t, res.json.url)
      const again = await download(t, res.json.url, { 'If-None-Match': first.headers.get('etag') ?? '' })
      expect(again.status).toBe(304)
      // The weak comparison (RFC 9110 §13.1.2): a tag a proxy weakened, or one of a list, is the same image.
      for (const header of [`W/${first.headers.get('etag')}`, `"other", ${first.headers.get('etag')}`, '*'])
        expect((await download(t, res.json.url, { 'If-None-Match': header })).status).toBe(304)
    })

    it('DELETE /api/uploads/{id} removes the image', async () => {
      const res = await upload(t, owner.token, fixture('small.png'))
      expect((await t.request('DELETE', res.json.url, { token: owner.token })).status).toBe(204)
      expect((await download(t, res.json.url)).status).toBe(404)
    })
  })

  describe('attacks answered with a 4xx {message} before decoding', () => {
    it.each([
      ['script.svg', 'image/svg+xml', 415, IMAGE_MESSAGES.notAnImage],
      ['page.html', 'image/png', 415, IMAGE_MESSAGES.notAnImage],
      ['text-labelled.png', 'image/png', 415, IMAGE_MESSAGES.notAnImage],
      ['html-polyglot.gif', 'image/gif', 422, IMAGE_MESSAGES.unreadable],
      ['pixel-flood.png', 'image/png', 413, IMAGE_MESSAGES.tooManyPixels],
      ['pixel-flood.gif', 'image/gif', 413, IMAGE_MESSAGES.tooManyPixels],
    ])('%s (sent as %s) answers %i', async (name, type, status, message) => {
      const res = await upload(t, owner.token, fixture(name), { name, type })
      expect(res.status).toBe(status)
      expect(res.json).toEqual({ message })
    })

    it('refuses a body above 10 MB with 413', async () => {
      const huge = new Uint8Array(10 * 1024 * 1024 + 1)
      huge.set([0xff, 0xd8, 0xff, 0xe0])
      const res = await upload(t, owner.token, huge, { type: 'image/jpeg' })
      expect(res.status).toBe(413)
      expect(res.json).toEqual({ message: IMAGE_MESSAGES.tooLarge })
    })

    it('a request without a file field answers 400', async () => {
      const form = new FormData()
      form.append('picture', 'nothing')
      const res = await t.request('POST', '/api/uploads', { token: owner.token, rawBody: form })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ message: IMAGE_MESSAGES.missingFile })
    })

    it('needs a token to upload or delete', async () => {
      expect((await upload(t, '', fixture('small.png'))).status).toBe(401)
    })
  })

  describe('ownership', () => {
    it("another owner's DELETE answers 404 like a missing id and the image stays", async () => {
      const other = await signUpOwner(t, 'thief')
      const res = await upload(t, owner.token, fixture('small.png'))
      const theirs = await t.request('DELETE', res.json.url, { token: other.token })
      const missing = await t.request('DELETE', '/api/uploads/00000000-0000-4000-8000-000000000000', { token: other.token })
      expect(theirs.status).toBe(404)
      expect(theirs.json).toEqual(missing.json)
      expect((await download(t, res.json.url)).status).toBe(200)
    })

    it("another owner's image cannot be attached to an item or a profile", async () => {
      const other = await signUpOwner(t, 'attacher')
      const res = await upload(t, owner.token, fixture('small.png'))
      const create = await t.request('POST', `/api/wishlist-items/profile/${other.profileId}`, {
        token: other.token,
        body: { name: 'Borrowed image', description: 'Trying to use a stranger image.', price: 1, brand: 'X', storedImageId: res.json.id },
      })
      expect(create.status).toBe(404)
      // Nor by its address: an item whose picture vanishes when its owner deletes it, counted against no one here.
      const item = { name: 'Borrowed image', description: 'Trying to use a stranger image.', price: 1, brand: 'X' }
      const byAddress = await t.request('POST', `/api/wishlist-items/profile/${other.profileId}`, { token: other.token, body: { ...item, imageUrl: res.json.url } })
      expect([byAddress.status, byAddress.json]).toEqual([404, { message: 'Image not found' }])
      const own = await t.request('POST', `/api/wishlist-items/profile/${other.profileId}`, { token: other.token, body: item })
      expect(own.status).toBe(201)
      const edited = await t.request('PUT', `/api/wishlist-items/${own.json.id}`, { token: other.token, body: { imageUrl: res.json.url } })
      expect(edited.status).toBe(404)
      const mine = await upload(t, other.token, fixture('small.png'))
      const ownAddress = await t.request('PUT', `/api/wishlist-items/${own.json.id}`, { token: other.token, body: { imageUrl: mine.json.url } })
      expect(ownAddress.status).toBe(200)
    })

    it("upload hints naming another owner's item or profile answer 404", async () => {
      const other = await signUpOwner(t, 'hinter')
      expect((await upload(t, other.token, fixture('small.png'), { query: `?profileId=${owner.profileId}` })).status).toBe(404)
    })
  })

  describe('images follow their items', () => {
    const item = (storedImageId: string) => ({ name: 'Camera bag', description: 'Fits a small mirrorless camera.', price: 45, brand: 'Peak', storedImageId })

    it('an item with a stored image shows imageUrl /api/uploads/{id}', async () => {
      const img = await upload(t, owner.token, fixture('small.png'))
      const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: item(img.json.id) })
      expect(res.status).toBe(201)
      expect(res.json).toMatchObject({ storedImageId: img.json.id, imageUrl: `/api/uploads/${img.json.id}` })
    })

    it('replacing the image with PUT {storedImageId} deletes the old one', async () => {
      const oldImg = await upload(t, owner.token, fixture('small.png'))
      const newImg = await upload(t, owner.token, fixture('small.webp'))
      const created = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: item(oldImg.json.id) })
      const res = await t.request('PUT', `/api/wishlist-items/${created.json.id}`, { token: owner.token, body: { storedImageId: newImg.json.id } })
      expect(res.status).toBe(200)
      expect(res.json.imageUrl).toBe(newImg.json.url)
      expect((await download(t, oldImg.json.url)).status).toBe(404)
    })

    it('PUT {removeStoredImage: true} drops and deletes the image', async () => {
      const img = await upload(t, owner.token, fixture('small.png'))
      const created = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: item(img.json.id) })
      const res = await t.request('PUT', `/api/wishlist-items/${created.json.id}`, { token: owner.token, body: { removeStoredImage: true } })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ storedImageId: null, imageUrl: null })
      expect((await download(t, img.json.url)).status).toBe(404)
    })

    it('deleting the item deletes its image', async () => {
      const img = await upload(t, owner.token, fixture('small.png'))
      const created = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: item(img.json.id) })
      await t.request('DELETE', `/api/wishlist-items/${created.json.id}`, { token: owner.token })
      expect((await download(t, img.json.url)).status).toBe(404)
    })

    it('deleting an image clears it from the item that showed it', async () => {
      const img = await upload(t, owner.token, fixture('small.png'))
      const created = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: item(img.json.id) })
      await t.request('DELETE', img.json.url, { token: owner.token })
      const after = await t.request('GET', `/api/wishlist-items/${created.json.id}`, { token: owner.token })
      expect(after.json).toMatchObject({ storedImageId: null, imageUrl: null })
    })
  })

  describe('storage quota', () => {
    it('answers 413 with a message once the owner would pass the quota', async () => {
      const small = new TestApp(await getDatabase(), { storageQuotaBytes: 1500 })
      const quotaOwner = await signUpOwner(small, 'quota')
      const first = await upload(small, quotaOwner.token, fixture('small.png'))
      expect(first.status).toBe(201)
      let last = first
      for (let i = 0; i < 5 && last.status === 201; i++) last = await upload(small, quotaOwner.token, fixture('small.png'))
      expect(last.status).toBe(413)
      expect(last.json).toEqual({ message: IMAGE_MESSAGES.quota })
      // Deleting frees the space again.
      await small.request('DELETE', first.json.url, { token: quotaOwner.token })
      expect((await upload(small, quotaOwner.token, fixture('small.png'))).status).toBe(201)
    })
  })
})
