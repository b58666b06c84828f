// The outbox is applied in order, operation by operation: faults inside a push batch never lose, reorder or resurrect a write.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client.ts'
import { failedOutboxEntries, itemsQuery, pendingOutboxCount } from '../../src/local/queries.ts'
import { createItem, deleteItem, updateItem } from '../../src/local/writes.ts'
import { markSent } from '../../src/local/testing.ts'
import { createDevice, type Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, sharedDatabase, TestApp } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { gate, pushFaultInjector, type ExecutedOperation } from './push-faults.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })

describeEachDatabase('a fault inside a push batch', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  async function serverItems(owner: Owner) {
    const res = await t.request('GET', '/api/profiles', { token: owner.token })
    return (res.json.wishlist as { id: string; name: string; price: number }[]).map(({ id, name, price }) => ({ id, name, price }))
  }
  const localItems = async (device: Device) => (await itemsQuery(device.db)).map(({ id, name, price }) => ({ id, name, price }))

  async function deviceWithFaults(owner: Owner, tokens: { token: string; refreshToken: string } = owner) {
    const faults = pushFaultInjector(t)
    const device = await createDevice({ fetch: faults.fetch, tokens })
    expect(await device.engine.syncOnce()).toBe('synced')
    return { device, faults }
  }

  it('[PUT X name=A, PUT X name=B] with the first failing ends at B on the server and on the device', async () => {
    const owner = await signUpOwner(t, 'order')
    const { device, faults } = await deviceWithFaults(owner)
    const id = await createItem(device.db, fields('Original'))
    expect(await device.engine.syncOnce()).toBe('synced')
    await updateItem(device.db, id, fields('Name A'))
    // A went out once already (its answer was lost), so B is an entry of its own instead of being folded into A.
    await markSent(device.db)
    await updateItem(device.db, id, fields('Name B'))

    const keys = (await device.db.outbox.orderBy('seq').toArray()).map((entry) => entry.idempotencyKey)
    faults.next({ 0: { fail: 500 } })
    expect(await device.engine.syncOnce()).toBe('retry-later')
    // The server ran nothing after the failure, and the device still holds both edits, in order, with their keys
    // (an automatic resend is the same request).
    expect((await device.db.outbox.orderBy('seq').toArray()).map((entry) => entry.idempotencyKey)).toEqual(keys)
    expect(await serverItems(owner)).toEqual([{ id, name: 'Original', price: 25 }])
    expect(await pendingOutboxCount(device.db)).toBe(2)
    expect(await localItems(device)).toEqual([{ id, name: 'Name B', price: 25 }])

    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverItems(owner)).toEqual([{ id, name: 'Name B', price: 25 }])
    expect(await localItems(device)).toEqual([{ id, name: 'Name B', price: 25 }])
  })

  it('a create that fails followed by its delete never resurrects the item', async () => {
    const owner = await signUpOwner(t, 'order')
    const { device, faults } = await deviceWithFaults(owner)
    const id = await createItem(device.db, fields('Short-lived'))
    await deleteItem(device.db, id)

    faults.next({ 0: { fail: 503 } })
    expect(await device.engine.syncOnce()).toBe('retry-later')
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverItems(owner)).toEqual([])
    expect(await localItems(device)).toEqual([])
    expect(await device.db.outbox.count()).toBe(0)
  })

  it('an edit behind a create that failed for now is not answered 404: it goes after the create', async () => {
    const owner = await signUpOwner(t, 'order')
    const { device, faults } = await deviceWithFaults(owner)
    const id = await createItem(device.db, fields('Created'))
    await updateItem(device.db, id, fields('Edited', 40))

    faults.next({ 0: { fail: 500 } })
    expect(await device.engine.syncOnce()).toBe('retry-later')
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverItems(owner)).toEqual([{ id, name: 'Edited', price: 40 }])
    expect(await localItems(device)).toEqual([{ id, name: 'Edited', price: 40 }])
    expect(await failedOutboxEntries(device.db)).toEqual([])
  })

  it('a failure in the middle of a batch: what ran before it is recorded, nothing behind it runs or is lost', async () => {
    const owner = await signUpOwner(t, 'order')
    const { device, faults } = await deviceWithFaults(owner)
    const first = await createItem(device.db, fields('First'))
    const second = await createItem(device.db, fields('Second'))
    // The creates went out once, so the rename is an entry of its own.
    await markSent(device.db)
    await updateItem(device.db, first, fields('First, renamed'))

    faults.next({ 1: { fail: 502 } })
    expect(await device.engine.syncOnce()).toBe('retry-later')
    expect(faults.executed.slice(-2).map((op) => op.status)).toEqual([201, 502])
    expect(await serverItems(owner)).toEqual([{ id: first, name: 'First', price: 25 }])
    expect(await pendingOutboxCount(device.db)).toBe(2)

    expect(await device.engine.syncOnce()).toBe('synced')
    const expected = [
      { id: first, name: 'First, renamed', price: 25 },
      { id: second, name: 'Second', price: 25 },
    ]
    expect(await serverItems(owner)).toEqual(expect.arrayContaining(expected))
    expect(await localItems(device)).toEqual(expected)
  })

  it('a retry that overtakes a push the server is still running waits for it (the answer was lost, the push goes on)', async () => {
    const owner = await signUpOwner(t, 'order')
    const { device, faults } = await deviceWithFaults(owner)
    const id = await createItem(device.db, fields('Original'))
    expect(await device.engine.syncOnce()).toBe('synced')
    await updateItem(device.db, id, fields('First'))
    await updateItem(device.db, id, fields('Second'))

    // The client gives up on the push while its first operation is still waiting on the server.
    const slow = gate()
    faults.next({ 0: { loseAnswer: 'before', delay: slow.promise } })
    expect(await device.engine.syncOnce()).toBe('retry-later')
    await updateItem(device.db, id, fields('Third'))
    const retry = device.engine.syncOnce()
    await new Promise((resolve) => setTimeout(resolve, 50))
    slow.open()
    expect(await retry).toBe('synced')
    await faults.settled()

    const ran = faults.executed.filter((op) => op.status === 200).map((op) => op.push)
    expect(ran).toEqual([...ran].sort((a, b) => a - b))
    expect(await serverItems(owner)).toEqual([{ id, name: 'Third', price: 25 }])
    expect(await localItems(device)).toEqual([{ id, name: 'Third', price: 25 }])
  })

  it("two devices' pushes of one owner run one after the other on the server, never interleaved", async () => {
    const owner = await signUpOwner(t, 'order')
    const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    const { device: phone, faults } = await deviceWithFaults(owner)
    const laptop = await createDevice({ fetch: faults.fetch, tokens: login.json })
    const id = await createItem(phone.db, fields('Original'))
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await laptop.engine.syncOnce()).toBe('synced')
    await updateItem(phone.db, id, fields('Phone, first'))
    await markSent(phone.db)
    await updateItem(phone.db, id, fields('Phone, second'))
    await updateItem(laptop.db, id, fields('Laptop'))

    const slow = gate()
    const phoneInside = gate()
    faults.next({ 0: { delay: slow.promise, reached: phoneInside.open } })
    const phoneSync = phone.engine.syncOnce()
    // Not a fixed pause: on a loaded machine the phone's push could still be on its way after 20 ms (CI of stop 41).
    await phoneInside.promise
    const laptopSync = laptop.engine.syncOnce()
    await new Promise((resolve) => setTimeout(resolve, 50))
    slow.open()
    expect(await phoneSync).toBe('synced')
    expect(await laptopSync).toBe('synced')

    // The phone's push arrived first and holds the owner until it is done; the laptop's runs after it.
    const pushes = faults.executed.slice(-3).map((op) => op.push)
    expect(pushes[0]).toBe(pushes[1])
    expect(pushes[2]).not.toBe(pushes[0])
    expect(await serverItems(owner)).toEqual([{ id, name: 'Laptop', price: 25 }])
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await localItems(phone)).toEqual([{ id, name: 'Laptop', price: 25 }])
    expect(await localItems(laptop)).toEqual([{ id, name: 'Laptop', price: 25 }])
  })
})

const postgresUrl = process.env.TEST_DATABASE_URL
describe.runIf(postgresUrl)('two servers on one PostgreSQL', () => {
  let ownPool: Database | undefined
  afterAll(async () => {
    await ownPool?.close()
  })

  it("one owner's pushes through two servers run one after the other (an advisory lock, not the process)", async () => {
    const first = new TestApp(await sharedDatabase(postgresUrl ?? ''))
    ownPool = await openDatabase(postgresUrl ?? '')
    const second = new TestApp(ownPool)
    const owner = await signUpOwner(first, 'servers')
    const login = await second.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    const executed: ExecutedOperation[] = []
    const viaFirst = pushFaultInjector(first, { executed, server: 'first' })
    const viaSecond = pushFaultInjector(second, { executed, server: 'second' })
    const phone = await createDevice({ fetch: viaFirst.fetch, tokens: owner })
    const laptop = await createDevice({ fetch: viaSecond.fetch, tokens: login.json })
    expect(await phone.engine.syncOnce()).toBe('synced')
    const id = await createItem(phone.db, fields('Original'))
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await laptop.engine.syncOnce()).toBe('synced')
    await updateItem(phone.db, id, fields('Phone, first'))
    await markSent(phone.db)
    await updateItem(phone.db, id, fields('Phone, second'))
    await updateItem(laptop.db, id, fields('Laptop'))

    const slow = gate()
    viaFirst.next({ 0: { delay: slow.promise } })
    const phoneSync = phone.engine.syncOnce()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const laptopSync = laptop.engine.syncOnce()
    await new Promise((resolve) => setTimeout(resolve, 200))
    slow.open()
    expect(await phoneSync).toBe('synced')
    expect(await laptopSync).toBe('synced')

    // The phone's push reached its server first and held the owner until done; the laptop's, on the other server, waited.
    expect(executed.slice(-3).map((op) => `${op.server} ${op.status}`)).toEqual(['first 200', 'first 200', 'second 200'])
    const onServer = (await first.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })).json
    expect(onServer.name).toBe('Laptop')
  })
})
