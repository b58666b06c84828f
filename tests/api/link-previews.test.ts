// POST /api/link-previews against a real local shop: each page kind of issue 28, the image made an upload, the limits.
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LINK_PREVIEW_MESSAGES } from '../../src/contract/link-preview.ts'
import { ITEM_MESSAGES } from '../../src/contract/wishlist.ts'
import { type FakeShop, startFakeShop } from '../fake-shop.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { type Owner, signUpOwner } from './owner-helpers.ts'
import { containsAscii, download } from './upload-helpers.ts'

let shop: FakeShop
beforeAll(async () => {
  shop = await startFakeShop()
})
afterAll(() => shop.close())

describeEachDatabase('link previews', (getDatabase) => {
  let t: TestApp
  let owner: Owner
  const preview = (url: string, who: Owner = owner) => t.request('POST', '/api/link-previews', { token: who.token, body: { url } })

  beforeAll(async () => {
    const database = await getDatabase()
    t = new TestApp(database, {
      config: { ...new TestApp(database).deps.config, linkPreviewAllowHosts: [shop.hostPort] },
      outbound: { connectTimeoutMs: 500, totalTimeoutMs: 1000 },
    })
    owner = await signUpOwner(t, 'previewer')
  })

  it('reads a JSON-LD Product with its Offer and stores its image as the owner\'s upload, re-encoded without metadata', async () => {
    const res = await preview(`${shop.origin}/product`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      name: 'Enamel Camping Mug',
      brand: 'Trail Co',
      description: 'A sturdy enamel mug for coffee by the fire, 350 ml.',
      price: 24.9,
      currency: 'EUR',
      imageId: expect.any(String),
      productUrl: `${shop.origin}/product`,
    })
    const image = await download(t, `/api/uploads/${res.json.imageId}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(containsAscii(image.bytes, 'shop-secret-exif')).toBe(false)
    expect((await sharp(image.bytes).metadata()).exif).toBeUndefined()
  })

  it.each([
    ['graph', { name: 'Wool Hiking Socks', brand: 'Fjellfot', price: 19.5, currency: 'EUR' }],
    ['microdata', { name: 'Cast Iron Pan', brand: 'Ferro', price: 1299, currency: 'EUR' }],
    ['openGraph', { name: 'Linen Apron', price: 39, currency: 'EUR' }],
    ['usd', { name: 'Trail Headlamp', brand: 'Lumen', price: 49.99, currency: 'USD' }],
  ])('reads the %s page', async (page, expected) => {
    const res = await preview(`${shop.origin}/p/${page}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject(expected)
  })

  it('answers a page without usable data with a clear message', async () => {
    const res = await preview(`${shop.origin}/p/none`)
    expect([res.status, res.json.message]).toEqual([422, LINK_PREVIEW_MESSAGES.nothingFound])
  })

  it.each([
    ['/huge', 422, LINK_PREVIEW_MESSAGES.tooLarge],
    ['/gzip-bomb', 422, LINK_PREVIEW_MESSAGES.tooLarge],
    ['/never', 504, LINK_PREVIEW_MESSAGES.timeout],
    ['/missing', 502, LINK_PREVIEW_MESSAGES.shopRefused(404)],
    ['/img/photo.png', 422, LINK_PREVIEW_MESSAGES.notAPage],
    [`/redirect?hops=1&to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, 422, LINK_PREVIEW_MESSAGES.refused],
    [`/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`, 422, LINK_PREVIEW_MESSAGES.refused],
  ])('%s answers %i with a message', async (path, status, message) => {
    const res = await preview(`${shop.origin}${path}`)
    expect([res.status, res.json.message]).toEqual([status, message])
  })

  it('refuses the same shop when LINK_PREVIEW_ALLOW_HOSTS does not name it', async () => {
    const strict = new TestApp(await getDatabase())
    const other = await signUpOwner(strict, 'strict')
    const before = shop.requests.length
    const res = await strict.request('POST', '/api/link-previews', { token: other.token, body: { url: `${shop.origin}/product` } })
    expect([res.status, res.json.message]).toEqual([422, LINK_PREVIEW_MESSAGES.refused])
    expect(shop.requests.length).toBe(before)
  })

  it('refuses a host name that resolves to a private address (injected resolver)', async () => {
    const database = await getDatabase()
    const resolving = new TestApp(database, { outbound: { resolve: async () => ['10.0.0.7'] } })
    const other = await signUpOwner(resolving, 'resolver')
    const res = await resolving.request('POST', '/api/link-previews', { token: other.token, body: { url: 'https://intranet.shop.example/p' } })
    expect([res.status, res.json.message]).toEqual([422, LINK_PREVIEW_MESSAGES.refused])
  })

  it.each([
    ['an image that is a decompression bomb', '/product-bomb-image', 'Bomb picture'],
    ['a non-image labelled image/png', '/product-fake-image', 'Fake picture'],
  ])('keeps the details but no image for %s', async (_, path, name) => {
    const res = await preview(`${shop.origin}${path}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ name, productUrl: `${shop.origin}${path}` })
  })

  it('keeps a page for an hour: a second preview does not fetch it again, nor store its image twice', async () => {
    const cached = new TestApp(await getDatabase(), { config: t.deps.config })
    const ask = (who: Owner) => cached.request('POST', '/api/link-previews', { token: who.token, body: { url: `${shop.origin}/p/jsonLd` } })
    const first = await ask(await signUpOwner(cached, 'cached'))
    const fetches = shop.requests.length
    const again = await ask(await signUpOwner(cached, 'cached'))
    expect(shop.requests.length).toBe(fetches)
    expect(again.json.name).toBe(first.json.name)
    cached.clock.advance(61 * 60 * 1000)
    // A fresh sign-in: the first owner's access token has expired on the moved clock.
    expect((await ask(await signUpOwner(cached, 'cached'))).status).toBe(200)
    expect(shop.requests.length).toBeGreaterThan(fetches)
  })

  it('stores the image of one link once per owner within the hour', async () => {
    const url = `${shop.origin}/product`
    const first = await preview(url)
    const second = await preview(url)
    expect(second.json.imageId).toBe(first.json.imageId)
  })

  it('needs a signed-in owner and a product link', async () => {
    expect((await t.request('POST', '/api/link-previews', { body: { url: `${shop.origin}/product` } })).status).toBe(401)
    const bad = await preview('javascript:alert(1)')
    expect([bad.status, bad.json.message]).toEqual([400, ITEM_MESSAGES.productUrl])
  })

  it('counts the image against the owner\'s storage quota', async () => {
    const database = await getDatabase()
    const tight = new TestApp(database, { config: t.deps.config, storageQuotaBytes: 1 })
    const other = await signUpOwner(tight, 'quota')
    const first = await tight.request('POST', '/api/link-previews', { token: other.token, body: { url: `${shop.origin}/p/graph` } })
    expect(first.status).toBe(200)
    // The image did not fit, so nothing was stored, and the details still came back.
    expect(first.json.imageId).toBeUndefined()
  })

  it('limits previews per owner', async () => {
    const database = await getDatabase()
    const limited = new TestApp(database, { config: t.deps.config, rateLimits: { linkPreviewsPerUser: { max: 1, windowMs: 60_000 } } })
    const other = await signUpOwner(limited, 'limited')
    const ask = () => limited.request('POST', '/api/link-previews', { token: other.token, body: { url: `${shop.origin}/p/usd` } })
    expect((await ask()).status).toBe(200)
    const refused = await ask()
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(/^Too many link previews/)
  })
})
