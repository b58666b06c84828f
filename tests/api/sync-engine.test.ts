// The sync engine against the real in-process API: offline writes reach the server exactly once, and come back.
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { itemsQuery, pendingOutboxCount, profileQuery } from '../../src/local/queries.ts'
import { attachItemImage, createItem, deleteItem, updateItem, updateProfileSettings } from '../../src/local/writes.ts'
import { countingFetch, createDevice, type RequestLog } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'
import { fixture } from './upload-helpers.ts'

const fields = (name: string) => ({ name, description: 'Something I would love to get', price: 25, brand: 'Acme' })

let t: TestApp
const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))

beforeAll(async () => {
  t = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
})

async function serverItems(token: string) {
  const res = await t.request('GET', '/api/profiles', { token })
  return res.json.wishlist as { id: string; name: string; price: number; storedImageId: string | null; description: string }[]
}

describe('sync engine against the in-process API', () => {
  it('offline creates, edits and deletes reach the server in one push and come back in one pull', async () => {
    const owner = await signUpOwner(t)
    const log: RequestLog = []
    const device = await createDevice({ fetch: countingFetch(appFetch, log), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await profileQuery(device.db))?.id).toBe(owner.profileId)

    log.length = 0
    const kept = await createItem(device.db, fields('Kept'))
    const dropped = await createItem(device.db, fields('Dropped'))
    await updateItem(device.db, kept, { ...fields('Kept and renamed'), price: 30 })
    await deleteItem(device.db, dropped)
    await updateProfileSettings(device.db, { description: 'Written offline' })
    // The rename of 'Kept' was folded into its create, which had not gone out yet (decision 083).
    expect(await pendingOutboxCount(device.db)).toBe(4)

    expect(await device.engine.syncOnce()).toBe('synced')
    expect(log.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual(['POST /api/sync/push', 'GET /api/sync/changes'])
    expect(await pendingOutboxCount(device.db)).toBe(0)
    expect(await serverItems(owner.token)).toEqual([expect.objectContaining({ id: kept, name: 'Kept and renamed', price: 30 })])
    expect((await t.request('GET', '/api/profiles', { token: owner.token })).json.description).toBe('Written offline')
    expect((await itemsQuery(device.db)).map((item) => item.name)).toEqual(['Kept and renamed'])
  })

  it('an image picked offline is uploaded first and the create carries the server image id', async () => {
    const owner = await signUpOwner(t)
    const device = await createDevice({ fetch: appFetch, tokens: owner })
    await device.engine.syncOnce()
    const png = new Blob([fixture('small.png')], { type: 'image/png' })
    const id = await createItem(device.db, fields('With photo'), png)
    const other = await createItem(device.db, fields('Photo later'))
    await attachItemImage(device.db, other, png)
    expect(await device.engine.syncOnce()).toBe('synced')
    const onServer = await serverItems(owner.token)
    expect(onServer.find((item) => item.id === id)?.storedImageId).toMatch(/^[0-9a-f-]{36}$/)
    expect(onServer.find((item) => item.id === other)?.storedImageId).toMatch(/^[0-9a-f-]{36}$/)
    const local = await itemsQuery(device.db)
    expect(local.map((item) => [item.localImageId, item.imageUrl?.startsWith('/api/uploads/')])).toEqual([
      [null, true],
      [null, true],
    ])
    expect(await device.db.pendingImages.count()).toBe(0)
  })

  it('sends the entries one call at a time when the server refuses the batch as a whole (413)', async () => {
    const owner = await signUpOwner(t)
    const log: RequestLog = []
    const withoutPush: FetchLike = (input, init) =>
      new URL(input).pathname === '/api/sync/push' ? Promise.resolve(new Response('{"message":"Request body too large"}', { status: 413 })) : appFetch(input, init)
    const device = await createDevice({ fetch: countingFetch(withoutPush, log), tokens: owner })
    await device.engine.syncOnce()
    await createItem(device.db, fields('One'))
    await createItem(device.db, fields('Two'))
    log.length = 0
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(log.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'POST /api/sync/push',
      `POST /api/wishlist-items/profile/${owner.profileId}`,
      `POST /api/wishlist-items/profile/${owner.profileId}`,
      'GET /api/sync/changes',
    ])
    expect((await serverItems(owner.token)).map((item) => item.name).sort()).toEqual(['One', 'Two'])
  })
})
