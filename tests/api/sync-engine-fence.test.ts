// Discard and logout fence the engine: a pull or push still in flight never writes its results back afterwards.
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { readMeta } from '../../src/local/meta.ts'
import { discardOutboxEntry } from '../../src/local/outbox-actions.ts'
import { failedOutboxEntries, itemsQuery } from '../../src/local/queries.ts'
import { clearLocalData, localDataOwner } from '../../src/local/session.ts'
import { createItem } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { createItem as createItemOnServer, signUpOwner } from './owner-helpers.ts'
import { gate } from './push-faults.ts'

const fields = (name: string) => ({ name, description: 'Something I would love to get', price: 25, brand: 'Acme' })

let t: TestApp
beforeAll(async () => {
  t = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
})

/** The app, except that requests to `path` wait for the test's gate once it is armed. */
function heldFetch(path: string) {
  let held: ReturnType<typeof gate> | undefined
  let reached: () => void = () => {}
  const fetch: FetchLike = async (input, init) => {
    if (held && new URL(input).pathname === path) {
      const waitFor = held.promise
      reached()
      await waitFor
    }
    return t.app.request(input, init)
  }
  return {
    fetch,
    /** Holds the next requests to `path`; resolves `reached` when one arrives. */
    arm() {
      held = gate()
      return new Promise<void>((resolve) => {
        reached = resolve
      })
    },
    release() {
      held?.open()
      held = undefined
    },
  }
}

describe('fencing the engine', () => {
  it('Discard during a pull: the pull does not write its cursor back, so the next pull restores the server copy', async () => {
    const owner = await signUpOwner(t, 'fence')
    const held = heldFetch('/api/sync/changes')
    const device = await createDevice({ fetch: held.fetch, tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    const id = await createItem(device.db, fields('On the server'))
    expect(await device.engine.syncOnce()).toBe('synced')
    // A change the server refuses (as an older app version's looser validation would have queued), shown locally.
    await device.db.items.update(id, { name: 'x' })
    await device.db.outbox.add({
      method: 'PUT',
      path: `/api/wishlist-items/${id}`,
      body: { name: 'x' },
      idempotencyKey: crypto.randomUUID(),
      target: { entity: 'item', id, kind: 'update', fields: ['name'] },
      imageRef: null,
      status: 'pending',
      createdAt: new Date().toISOString(),
      attempts: 0,
      lastError: null,
      ignoreFailure: false,
    })
    expect(await device.engine.syncOnce()).toBe('synced')
    const [failed] = await failedOutboxEntries(device.db)

    const reached = held.arm()
    const pass = device.engine.syncOnce()
    await reached
    await discardOutboxEntry(device.db, failed!.seq)
    held.release()
    expect(await pass).toBe('interrupted')
    expect(await readMeta(device.db, 'cursor')).toBe(0)

    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await itemsQuery(device.db)).map((item) => item.name)).toEqual(['On the server'])
  })

  it('Logout during a pull: nothing of the owner is written back onto the device', async () => {
    const owner = await signUpOwner(t, 'fence')
    await createItemOnServer(t, owner, { name: 'Private item' })
    const held = heldFetch('/api/sync/changes')
    const device = await createDevice({ fetch: held.fetch, tokens: owner })

    const reached = held.arm()
    const pass = device.engine.syncOnce()
    await reached
    await clearLocalData(device.db)
    held.release()
    expect(await pass).toBe('interrupted')
    expect(await device.db.profile.count()).toBe(0)
    expect(await device.db.items.count()).toBe(0)
    expect(await device.db.purchases.count()).toBe(0)
    expect(await localDataOwner(device.db)).toBeUndefined()
    // Until the page signs someone in again (and claims the data), the engine does not claim it by itself.
    expect(await device.engine.syncOnce()).toBe('signed-out')
    expect(await device.db.items.count()).toBe(0)
  })

  it('Logout during a push: the late answers are not recorded into the emptied database', async () => {
    const owner = await signUpOwner(t, 'fence')
    const held = heldFetch('/api/sync/push')
    const device = await createDevice({ fetch: held.fetch, tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    await createItem(device.db, fields('Sent at logout'))

    const reached = held.arm()
    const pass = device.engine.syncOnce()
    await reached
    await clearLocalData(device.db)
    held.release()
    expect(await pass).toBe('interrupted')
    expect(await device.db.outbox.count()).toBe(0)
    expect(await device.db.items.count()).toBe(0)
    expect((await device.db.meta.toArray()).map((row) => row.key)).toEqual(['generation'])
  })
})
