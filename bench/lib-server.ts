// The bench's app server, started the way `npm start` starts it (build if stale, fresh DATA_DIR, free port), and the
// data it measures: an owner with a 12-item wishlist (some with uploaded photos) and a redirect profile.
import http from 'node:http'
import sharp from 'sharp'
import * as v from 'valibot'

import { apiCall as call, type Json } from './lib-api-call.ts'

export { startAppLikeNpmStart as startAppServer } from '../tests/app-server.ts'

async function newOwner(baseUrl: string, name: string, settings: Json): Promise<{ token: string; id: string; shareableId: string }> {
  const suffix = Math.random().toString(36).slice(2, 8)
  const { token } = await call(baseUrl, 'POST', '/api/auth/register', undefined, {
    username: `${name}_${suffix}`,
    email: `${name}_${suffix}@example.com`,
    password: `bench password ${suffix}`,
  })
  if (typeof token !== 'string') throw new Error('register answered without a token')
  const { id, shareableId } = await call(baseUrl, 'GET', '/api/profiles', token)
  await call(baseUrl, 'PUT', '/api/profiles', token, settings)
  return { token, id: String(id), shareableId: String(shareableId) }
}

/** A photo-like JPEG (noise, then blur), so its size after the server's re-encode resembles a real product shot. */
function productPhoto(seed: number): Promise<Buffer> {
  const background = { r: 40 + seed * 37, g: 90 + seed * 23, b: 160 - seed * 19 }
  return sharp({ create: { width: 1200, height: 900, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .blur(3)
    .jpeg({ quality: 85 })
    .toBuffer()
}

const UploadedSchema = v.object({ url: v.string() })

export const ITEM_NAME = (n: number) => `Wishlist item number ${n}`
const PHOTO_ITEMS = [1, 2, 3, 4]

/** A wishlist owner with 12 items, the first four with uploaded photos; returns the page's shareable id. */
export async function seedWishlist(baseUrl: string): Promise<string> {
  const owner = await newOwner(baseUrl, 'benchwish', {
    profileType: 'WISHLIST',
    description: 'Coffee, climbing and a few things I would love to get.',
    contactInfo: 'bench-owner@example.com',
  })
  for (let n = 1; n <= 12; n++) {
    const item = await call(baseUrl, 'POST', `/api/wishlist-items/profile/${owner.id}`, owner.token, {
      name: ITEM_NAME(n),
      brand: 'Brand',
      price: 10 + n + 0.99,
      description: `A realistic description of item ${n}, long enough to look like one.`,
      productUrl: `https://example.com/product/${n}`,
    })
    if (!PHOTO_ITEMS.includes(n)) continue
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(await productPhoto(n))], { type: 'image/jpeg' }), `item-${n}.jpg`)
    const uploaded = await fetch(`${baseUrl}/api/uploads?productId=${String(item.id)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}` },
      body: form,
    })
    if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`)
    const { url } = v.parse(UploadedSchema, await uploaded.json())
    await call(baseUrl, 'PUT', `/api/wishlist-items/${String(item.id)}`, owner.token, { imageUrl: url })
  }
  return owner.shareableId
}

export async function seedRedirect(baseUrl: string, destination: string): Promise<string> {
  return (await newOwner(baseUrl, 'benchredirect', { profileType: 'REDIRECT', redirectUrl: destination })).shareableId
}

/** A plain node:http server; the bench uses it as the redirect destination and as the bare-302 baseline. */
export async function startHttp(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
