// One write the server always fails on no longer blocks the rest: the answers carry the device's last applied mutation id.
import 'fake-indexeddb/auto'
import { Hono } from 'hono'
import { beforeAll, expect, it } from 'vitest'
import type { AppEnv } from '../../server/deps.ts'
import { toErrorResponse } from '../../server/http/http.ts'
import { type Dispatch, syncRoutes } from '../../server/sync/sync.ts'
import { retryOutboxEntry } from '../../src/local/outbox-actions.ts'
import { failedOutboxEntries, localSyncStatusQuery, pendingOutboxCount } from '../../src/local/queries.ts'
import { createItem, updateItem, updateProfileSettings } from '../../src/local/writes.ts'
import { SERVER_FAILURES_BEFORE_OWNER } from '../../src/sync/outbox.ts'
import { describeSyncStatus } from '../../src/sync/status.ts'
import { pullChanges } from '../../src/sync/pull.ts'
import { createDevice, faultyFetch } from '../../src/sync/testing.ts'
import type { FetchLike } from '../../src/sync/transport.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })

describeEachDatabase('a write the server always fails on', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  /**
   * Pushes run through the real sync route; `fails(body)` picks the operations the server answers 500 to (a server bug
   * that always fails on one body). `after: true` runs the operation first and then answers 500 (committed, answer bad).
   */
  function buggyServer(fails: (body: string) => boolean, { after = false } = {}): FetchLike {
    return async (input, init) => {
      if (new URL(input).pathname !== '/api/sync/push') return t.app.request(input, init)
      const dispatch: Dispatch = async (request, bindings) => {
        const body = await request.clone().text()
        if (!fails(body)) return t.app.fetch(request, bindings)
        if (after) await t.app.fetch(request, bindings)
        return Response.json({ message: 'Internal server error' }, { status: 500 })
      }
      const pushApp = new Hono<AppEnv>().route('/api', syncRoutes(t.deps, dispatch))
      pushApp.onError((err, c) => {
        const { status, message, headers } = toErrorResponse(err)
        return c.json({ message }, status, headers)
      })
      return pushApp.request(input, init)
    }
  }

  async function serverState(token: string) {
    const res = await t.request('GET', '/api/profiles', { token })
    return { names: (res.json.wishlist as { name: string }[]).map((item) => item.name).sort(), description: res.json.description as string }
  }

  it('after a few 5xx for an entry known not to have run, it waits for the owner; other subjects go, its own wait behind it', async () => {
    const owner = await signUpOwner(t, 'blocking')
    let bugFixed = false
    const device = await createDevice({ fetch: buggyServer((body) => !bugFixed && body.includes('Poison')), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')

    const poison = await createItem(device.db, fields('Poison pill'))
    await createItem(device.db, fields('Fine item'))
    await updateProfileSettings(device.db, { description: 'Written behind it' })

    // Until the limit the entry is retried ('waiting for the network'), and the pass reports "later".
    for (let pass = 1; pass < SERVER_FAILURES_BEFORE_OWNER; pass += 1) {
      expect(await device.engine.syncOnce()).toBe('retry-later')
      expect(describeSyncStatus(await localSyncStatusQuery(device.db), true).state).toBe('waiting')
    }
    // The next 5xx makes it 'failed' and the rest goes in the same pass.
    await updateItem(device.db, poison, fields('Poison pill, renamed'))
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverState(owner.token)).toEqual({ names: ['Fine item'], description: 'Written behind it' })
    const failed = await failedOutboxEntries(device.db)
    expect(failed).toEqual([expect.objectContaining({ summary: 'New product: Poison pill' })])
    // The rename of the same item waits behind it, in order.
    expect(await pendingOutboxCount(device.db)).toBe(1)
    expect(describeSyncStatus(await localSyncStatusQuery(device.db), true).state).toBe('needs-you')

    // Retry once the server is fixed: the create, then the rename.
    bugFixed = true
    const [entry] = failed
    await retryOutboxEntry(device.db, entry?.seq ?? 0)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverState(owner.token)).toEqual({ names: ['Fine item', 'Poison pill, renamed'], description: 'Written behind it' })
    expect(await pendingOutboxCount(device.db)).toBe(0)
    expect(await failedOutboxEntries(device.db)).toEqual([])
  })

  it('a 5xx for a write that committed is done: the push answer says it ran, nothing is resent', async () => {
    const owner = await signUpOwner(t, 'committed')
    const device = await createDevice({ fetch: buggyServer((body) => body.includes('Committed'), { after: true }), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    await createItem(device.db, fields('Committed anyway'))
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.outbox.count()).toBe(0)
    expect((await serverState(owner.token)).names).toEqual(['Committed anyway'])
  })

  it("a push whose answer was lost is confirmed by the pull's last applied mutation id", async () => {
    const owner = await signUpOwner(t, 'pull-confirms')
    let losePush = false
    const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))
    const device = await createDevice({ fetch: faultyFetch(appFetch, (_method, path) => (losePush && path === '/api/sync/push' ? 'lose-response' : 'none')), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    await createItem(device.db, fields('Sent, answer lost'))
    losePush = true
    expect(await device.engine.syncOnce()).toBe('retry-later')
    expect(await device.db.outbox.count()).toBe(1)
    // Only a pull: the entry is confirmed without being pushed again.
    await pullChanges(device.db, device.transport)
    expect(await device.db.outbox.count()).toBe(0)
    expect((await device.db.items.toArray()).map((item) => item.name)).toEqual(['Sent, answer lost'])
  })
})
