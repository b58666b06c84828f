// Per-device mutation ids: a committed sync write never runs twice, however late its resend comes (idempotency rows gone).
import 'fake-indexeddb/auto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { clientMutations, idempotencyKeys, itemTombstones } from '../../server/db/schema.ts'
import { readMeta } from '../../src/local/meta.ts'
import { failedOutboxEntries, itemsQuery } from '../../src/local/queries.ts'
import { userIdFromAccessToken } from '../../src/local/session.ts'
import { markSent } from '../../src/local/testing.ts'
import { createItem, deleteItem, updateItem } from '../../src/local/writes.ts'
import { createDevice, type Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { pushFaultInjector } from './push-faults.ts'

const HOUR = 60 * 60 * 1000
const fields = (name: string) => ({ name, description: 'Something I would love to get', price: 25, brand: 'Acme' })

describeEachDatabase('a committed sync write whose answer was lost', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  const userIdOf = (owner: Owner) => userIdFromAccessToken(owner.token) ?? ''
  const serverItems = async (owner: Owner) =>
    ((await t.request('GET', '/api/wishlist-items/profile/' + owner.profileId, { token: owner.token })).json as { id: string; name: string }[]).map(
      ({ id, name }) => ({ id, name }),
    )
  const localItems = async (device: Device) => (await itemsQuery(device.db)).map(({ id, name }) => ({ id, name }))

  /**
   * 49 hours pass: the owner's idempotency rows are past their 48 hours and purged. Only this owner's rows are aged
   * (moving the server clock by 49 hours would purge every other test's rows on a shared database); the clock moves
   * past the purge interval so the next keyed request purges them, exactly as the 48-hour purge would.
   */
  async function fortyNineHoursLater(owner: Owner) {
    await t.db.update(idempotencyKeys).set({ createdAt: new Date(t.clock.now().getTime() - 49 * HOUR) }).where(eq(idempotencyKeys.scope, userIdOf(owner)))
    t.clock.advance(11 * 60 * 1000)
  }

  it('a PUT retried after 49 hours and after a newer edit of the same field does not overwrite the newer value', async () => {
    const owner = await signUpOwner(t, 'latemut')
    const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    const faults = pushFaultInjector(t)
    const phone = await createDevice({ fetch: faults.fetch, tokens: owner })
    const laptop = await createDevice({ fetch: (input, init) => Promise.resolve(t.app.request(input, init)), tokens: login.json })
    expect(await phone.engine.syncOnce()).toBe('synced')
    const id = await createItem(phone.db, fields('Original'))
    expect(await phone.engine.syncOnce()).toBe('synced')
    expect(await laptop.engine.syncOnce()).toBe('synced')

    // The phone's rename commits on the server, but the answer never comes back; the phone then goes offline.
    await updateItem(phone.db, id, { name: 'Phone, committed' })
    faults.next({ 0: { loseAnswer: 'after' } })
    expect(await phone.engine.syncOnce()).toBe('retry-later')
    await faults.settled()
    expect(await serverItems(owner)).toEqual([{ id, name: 'Phone, committed' }])

    // The laptop renames it again, and the phone comes back long after the idempotency rows are gone.
    await updateItem(laptop.db, id, { name: 'Laptop, newer' })
    expect(await laptop.engine.syncOnce()).toBe('synced')
    await fortyNineHoursLater(owner)
    const ranBefore = faults.executed.length
    expect(await phone.engine.syncOnce()).toBe('synced')

    // The resend was recognised by its mutation id and not run: the newer name stands everywhere.
    expect(faults.executed.slice(ranBefore)).toEqual([])
    expect(await serverItems(owner)).toEqual([{ id, name: 'Laptop, newer' }])
    expect(await localItems(phone)).toEqual([{ id, name: 'Laptop, newer' }])
    expect(await phone.db.outbox.count()).toBe(0)
    expect(await laptop.engine.syncOnce()).toBe('synced')
    expect(await localItems(laptop)).toEqual([{ id, name: 'Laptop, newer' }])
    const deviceId = (await readMeta(phone.db, 'deviceId')) ?? ''
    const [row] = await t.db
      .select({ last: clientMutations.lastMutationId })
      .from(clientMutations)
      .where(and(eq(clientMutations.userId, userIdOf(owner)), eq(clientMutations.deviceId, deviceId)))
    expect(row?.last).toBe(2)
  })

  it('a batch (create, delete, create) whose answer was lost, resent 49 hours later, applies no operation twice', async () => {
    const owner = await signUpOwner(t, 'latebatch')
    const faults = pushFaultInjector(t)
    const phone = await createDevice({ fetch: faults.fetch, tokens: owner })
    expect(await phone.engine.syncOnce()).toBe('synced')
    const gone = await createItem(phone.db, fields('Short-lived'))
    // The create went out once already, so the delete is an entry of its own rather than cancelling it locally.
    await markSent(phone.db)
    await deleteItem(phone.db, gone)
    const kept = await createItem(phone.db, fields('Kept'))

    faults.next({ 2: { loseAnswer: 'after' } })
    expect(await phone.engine.syncOnce()).toBe('retry-later')
    await faults.settled()
    expect(faults.executed.map((op) => `${op.method} ${op.status}`).slice(-3)).toEqual(['POST 201', 'DELETE 204', 'POST 201'])

    await fortyNineHoursLater(owner)
    const ranBefore = faults.executed.length
    expect(await phone.engine.syncOnce()).toBe('synced')

    // Not one operation ran again: the create of the deleted item is not refused as "deleted", nothing is failed.
    expect(faults.executed.slice(ranBefore)).toEqual([])
    expect(await failedOutboxEntries(phone.db)).toEqual([])
    expect(await phone.db.outbox.count()).toBe(0)
    expect(await serverItems(owner)).toEqual([{ id: kept, name: 'Kept' }])
    expect(await localItems(phone)).toEqual([{ id: kept, name: 'Kept' }])
    const tombstones = await t.db.select().from(itemTombstones).where(eq(itemTombstones.itemId, gone))
    expect(tombstones).toHaveLength(1)
  })
})
