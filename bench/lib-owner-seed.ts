// The owner dashboard bench's data: a signed-up owner (with both tokens, as a sign-in stores them) whose wishlist holds
// `count` items made through the real API, every `photoEvery`-th one with an uploaded photo.
import sharp from 'sharp'
import * as v from 'valibot'
import { apiCall as call } from './lib-api-call.ts'

export type SeededOwner = { username: string; token: string; refreshToken: string; itemNames: string[] }

const RegisteredSchema = v.object({ token: v.string(), refreshToken: v.string() })
const ProfileSchema = v.looseObject({ id: v.string() })
const CreatedSchema = v.looseObject({ id: v.string() })
const UploadedSchema = v.object({ url: v.string() })

/** A photo-like JPEG (noise, then blur), so the server's re-encode gives a size like a real product shot. */
function productPhoto(seed: number): Promise<Buffer> {
  const background = { r: (40 + seed * 37) % 256, g: (90 + seed * 23) % 256, b: (160 + seed * 19) % 256 }
  return sharp({ create: { width: 1200, height: 900, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .blur(3)
    .jpeg({ quality: 85 })
    .toBuffer()
}

async function attachPhoto(baseUrl: string, token: string, itemId: string, seed: number): Promise<void> {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(await productPhoto(seed))], { type: 'image/jpeg' }), `item-${seed}.jpg`)
  const uploaded = await fetch(`${baseUrl}/api/uploads?productId=${itemId}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`)
  const { url } = v.parse(UploadedSchema, await uploaded.json())
  await call(baseUrl, 'PUT', `/api/wishlist-items/${itemId}`, token, { imageUrl: url })
}

export const DASHBOARD_ITEM_NAME = (n: number) => `Dashboard item number ${n}`

export async function seedOwnerWithItems(baseUrl: string, count: number, photoEvery: number): Promise<SeededOwner> {
  const suffix = Math.random().toString(36).slice(2, 8)
  const username = `benchowner_${suffix}`
  const { token, refreshToken } = v.parse(
    RegisteredSchema,
    await call(baseUrl, 'POST', '/api/auth/register', undefined, { username, email: `${username}@example.com`, password: `bench password ${suffix}` }),
  )
  const { id: profileId } = v.parse(ProfileSchema, await call(baseUrl, 'GET', '/api/profiles', token))
  await call(baseUrl, 'PUT', '/api/profiles', token, { profileType: 'WISHLIST', description: 'Things I would love to get.' })
  const itemNames: string[] = []
  for (let n = 1; n <= count; n++) {
    const name = DASHBOARD_ITEM_NAME(n)
    const created = v.parse(
      CreatedSchema,
      await call(baseUrl, 'POST', `/api/wishlist-items/profile/${profileId}`, token, {
        name,
        brand: `Brand ${n % 17}`,
        price: 10 + n + 0.99,
        description: `A realistic description of item ${n}, long enough to look like one.`,
        productUrl: `https://example.com/product/${n}`,
      }),
    )
    if (n % photoEvery === 1) await attachPhoto(baseUrl, token, created.id, n)
    itemNames.push(name)
  }
  return { username, token, refreshToken, itemNames }
}
