// Two devices of one owner and a flaky network, against the real API: everything converges, nothing is lost or doubled.
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { failedOutboxEntries, itemsQuery, noticesQuery, pendingOutboxCount } from '../../src/local/queries.ts'
import { attachItemImage, createItem, deleteItem, updateItem } from '../../src/local/writes.ts'
import { createDevice, faultyFetch, type Device, type Fault } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { deletedElsewhereMessage } from '../../src/sync/reconcile.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { fixture } from './upload-helpers.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })

let t: TestApp
const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))

beforeAll(async () => {
  t = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
})

async function serverItems(token: string) {
  const res = await t.request('GET', '/api/profiles', { token })
  return res.json.wishlist as { id: string; name: string; price: number; storedImageId: string | null }[]
}

/** The owner on a second device: a separate sign-in (its own refresh token) and its own Dexie database. */
async function twoDevices(owner: Owner): Promise<[Device, Device]> {
  const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
  const phone = await createDevice({ fetch: appFetch, tokens: owner, name: `phone-${crypto.randomUUID()}` })
  const laptop = await createDevice({ fetch: appFetch, tokens: login.json, name: `laptop-${crypto.randomUUID()}` })
  expect(await phone.engine.syncOnce()).toBe('synced')
  expect(await laptop.engine.syncOnce()).toBe('synced')
  return [phone, laptop]
}

async function sharedItem(phone: Device, laptop: Device, name = 'Shared') {
  const id = await createItem(phone.db, fields(name))
  await phone.engine.syncOnce()
  await laptop.engine.syncOnce()
  return id
}

const names = async (device: Device) => (await itemsQuery(device.db)).map((item) => item.name).sort()

describe('two devices of one owner', () => {
  it('same field edited on both: the later sync wins and both devices converge', async () => {
    const owner = await signUpOwner(t)
    const [phone, laptop] = await twoDevices(owner)
    const id = await sharedItem(phone, laptop)
    await updateItem(phone.db, id, fields('Phone name'))
    await updateItem(laptop.db, id, fields('Laptop name'))
    await phone.engine.syncOnce()
    await laptop.engine.syncOnce()
    await phone.engine.syncOnce()
    expect((await serverItems(owner.token)).map((item) => item.name)).toEqual(['Laptop name'])
    expect(await names(phone)).toEqual(['Laptop name'])
    expect(await names(laptop)).toEqual(['Laptop name'])
  })

  it('different fields edited on both: both changes survive on the server and on both devices', async () => {
    const owner = await signUpOwner(t)
    const [phone, laptop] = await twoDevices(owner)
    const id = await sharedItem(phone, laptop)
    await updateItem(phone.db, id, fields('Renamed on phone', 99))
    await attachItemImage(laptop.db, id, new Blob([fixture('small.png')], { type: 'image/png' }))
    await phone.engine.syncOnce()
    await laptop.engine.syncOnce()
    await phone.engine.syncOnce()
    const [onServer] = await serverItems(owner.token)
    expect(onServer).toMatchObject({ name: 'Renamed on phone', price: 99, storedImageId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    for (const device of [phone, laptop]) {
      expect(await itemsQuery(device.db)).toEqual([expect.objectContaining({ name: 'Renamed on phone', storedImageId: onServer?.storedImageId })])
    }
  })

  it('delete against edit: the delete wins, the editor is told, nothing is left failed', async () => {
    const owner = await signUpOwner(t)
    const [phone, laptop] = await twoDevices(owner)
    const id = await sharedItem(phone, laptop, 'Old bike')
    await deleteItem(phone.db, id)
    await updateItem(laptop.db, id, fields('Edited bike'))
    await phone.engine.syncOnce()
    expect(await laptop.engine.syncOnce()).toBe('synced')
    expect(await serverItems(owner.token)).toEqual([])
    expect(await itemsQuery(laptop.db)).toEqual([])
    expect(await failedOutboxEntries(laptop.db)).toEqual([])
    expect((await noticesQuery(laptop.db)).map((notice) => notice.message)).toEqual([deletedElsewhereMessage('Edited bike')])
  })

  it('edit then delete from the other device: the delete still wins', async () => {
    const owner = await signUpOwner(t)
    const [phone, laptop] = await twoDevices(owner)
    const id = await sharedItem(phone, laptop)
    await updateItem(laptop.db, id, fields('Edited first'))
    await laptop.engine.syncOnce()
    await deleteItem(phone.db, id)
    await phone.engine.syncOnce()
    await laptop.engine.syncOnce()
    expect(await serverItems(owner.token)).toEqual([])
    expect(await itemsQuery(laptop.db)).toEqual([])
  })
})

/** A deterministic pseudo-random sequence, so a failing run can be replayed. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe('a flaky network', () => {
  it('502s, lost answers and timeouts converge with zero lost and zero doubled writes', async () => {
    const owner = await signUpOwner(t)
    const random = seeded(42)
    const flaky = faultyFetch(appFetch, (): Fault => {
      const roll = random()
      return roll < 0.25 ? 'bad-gateway' : roll < 0.4 ? 'lose-response' : roll < 0.5 ? 'timeout' : 'none'
    })
    const device = await createDevice({ fetch: flaky, tokens: owner })
    while ((await device.engine.syncOnce()) !== 'synced');

    const expected = new Map<string, { name: string; price: number }>()
    for (let index = 0; index < 30; index++) {
      const id = await createItem(device.db, fields(`Item ${index}`, index))
      expected.set(id, { name: `Item ${index}`, price: index })
      if (index % 3 === 0) {
        await updateItem(device.db, id, fields(`Item ${index} edited`, index + 1000))
        expected.set(id, { name: `Item ${index} edited`, price: index + 1000 })
      }
      if (index % 7 === 0) {
        await deleteItem(device.db, id)
        expected.delete(id)
      }
      // Sync attempts interleave with the writes, as triggers would.
      if (index % 5 === 0) await device.engine.syncOnce()
    }
    let attempts = 0
    while ((await device.engine.syncOnce()) !== 'synced' || (await pendingOutboxCount(device.db)) > 0) {
      attempts += 1
      expect(attempts).toBeLessThan(200)
    }
    const onServer = await serverItems(owner.token)
    expect(onServer).toHaveLength(expected.size)
    expect(new Map(onServer.map((item) => [item.id, { name: item.name, price: item.price }]))).toEqual(expected)
    expect((await itemsQuery(device.db)).map((item) => item.id).sort()).toEqual([...expected.keys()].sort())
    expect(await failedOutboxEntries(device.db)).toEqual([])
  })
})
