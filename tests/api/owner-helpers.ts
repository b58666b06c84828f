// Helpers for owner-data API tests: a signed-up owner with their profile, and valid payloads to start from.
import { randomUUID } from 'node:crypto'
import type { TestApp } from './harness.ts'

export type Owner = Awaited<ReturnType<typeof signUpOwner>>

/** A fresh owner (through the real register endpoint) with the profile register created. */
export async function signUpOwner(t: TestApp, prefix = 'owner') {
  const account = await t.signUp(prefix)
  const res = await t.request('GET', '/api/profiles', { token: account.token })
  if (res.status !== 200) throw new Error(`GET /api/profiles failed: ${res.status} ${res.text}`)
  return { ...account, profileId: res.json.id as string, shareableId: res.json.shareableId as string }
}

export const validItem = (overrides: Record<string, unknown> = {}) => ({
  name: 'Trail running shoes',
  description: 'Size 43, any colour but orange.',
  price: 119.9,
  brand: 'Salomon',
  ...overrides,
})

export async function createItem(t: TestApp, owner: Owner, overrides: Record<string, unknown> = {}) {
  const res = await t.request('POST', `/api/wishlist-items/profile/${owner.profileId}`, { token: owner.token, body: validItem(overrides) })
  if (res.status !== 201) throw new Error(`create item failed: ${res.status} ${res.text}`)
  return res.json as { id: string; name: string; price: number; storedImageId: string | null; imageUrl: string | null }
}

export const newKey = () => `key-${randomUUID()}`
