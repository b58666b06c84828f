// Failure scenarios of the sync engine against the real API: lost answers, crashes, refusals, expired tokens, resets.
import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { openOwnerDatabase } from '../../src/local/db.ts'
import { writeMeta } from '../../src/local/meta.ts'
import { discardOutboxEntry, retryOutboxEntry } from '../../src/local/outbox-actions.ts'
import { failedOutboxEntries, itemsQuery, pendingOutboxCount } from '../../src/local/queries.ts'
import { claimLocalDataFor, userIdFromAccessToken } from '../../src/local/session.ts'
import { createItem, updateItem } from '../../src/local/writes.ts'
import { createMemoryLocks } from '../../src/api/locks.ts'
import { pullChanges } from '../../src/sync/pull.ts'
import { countingFetch, createDevice, faultyFetch, type RequestLog } from '../../src/sync/testing.ts'
import { createTransport, type FetchLike } from '../../src/sync/transport.ts'
import { sharedDatabase, TestApp, testDatabases } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'

const fields = (name: string, price = 25) => ({ name, description: 'Something I would love to get', price, brand: 'Acme' })
const DAY_MS = 24 * 60 * 60 * 1000

let t: TestApp
const appFetch: FetchLike = (input, init) => Promise.resolve(t.app.request(input, init))

beforeAll(async () => {
  t = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
})

async function serverItems(token: string) {
  const res = await t.request('GET', '/api/profiles', { token })
  return res.json.wishlist as { id: string; name: string; price: number }[]
}

async function syncedDevice(tokens: { token: string; refreshToken: string }, fetch: FetchLike = appFetch, name?: string) {
  const device = await createDevice({ fetch, tokens, name })
  expect(await device.engine.syncOnce()).toBe('synced')
  return device
}

describe('sync engine failure scenarios', () => {
  it('the server commits but the answer is lost: the retry has exactly one effect', async () => {
    const owner = await signUpOwner(t)
    let losePush = false
    const device = await syncedDevice(owner, faultyFetch(appFetch, (_method, path) => (losePush && path === '/api/sync/push' ? 'lose-response' : 'none')))
    const id = await createItem(device.db, fields('Once'))
    await updateItem(device.db, id, fields('Once, renamed', 40))
    losePush = true
    expect(await device.engine.syncOnce()).toBe('retry-later')
    // The rename was folded into the create before it went out: one entry, sent once, answer lost.
    expect(await pendingOutboxCount(device.db)).toBe(1)
    losePush = false
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await serverItems(owner.token)).toEqual([expect.objectContaining({ id, name: 'Once, renamed', price: 40 })])
  })

  it('the tab closes mid-push: the outbox survives and is sent once on the next start', async () => {
    const owner = await signUpOwner(t)
    const first = await syncedDevice(owner, faultyFetch(appFetch, (_method, path) => (path === '/api/sync/push' ? 'lose-response' : 'none')))
    await first.engine.syncOnce().catch(() => undefined)
    await createItem(first.db, fields('Survivor'))
    expect(await first.engine.syncOnce()).toBe('retry-later')
    first.db.close()

    const restarted = await createDevice({ fetch: appFetch, tokens: owner, db: openOwnerDatabase(first.db.name) })
    expect(await pendingOutboxCount(restarted.db)).toBe(1)
    expect(await restarted.engine.syncOnce()).toBe('synced')
    expect((await serverItems(owner.token)).map((item) => item.name)).toEqual(['Survivor'])
  })

  it('one refused entry is marked failed with the server message; the entries behind it still go; Retry and Discard work', async () => {
    const owner = await signUpOwner(t)
    const device = await syncedDevice(owner)
    const id = await createItem(device.db, fields('Before'))
    // An entry the server refuses (as one written by an older app version with looser validation would be).
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
    await createItem(device.db, fields('After'))

    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await serverItems(owner.token)).map((item) => item.name).sort()).toEqual(['After', 'Before'])
    const [failed] = await failedOutboxEntries(device.db)
    expect(failed).toMatchObject({ summary: 'Product changes: x', error: 'Product name must be at least 2 characters.' })

    await retryOutboxEntry(device.db, failed!.seq)
    await device.engine.syncOnce()
    expect(await failedOutboxEntries(device.db)).toHaveLength(1)
    await discardOutboxEntry(device.db, failed!.seq)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await device.db.outbox.count()).toBe(0)
    expect((await itemsQuery(device.db)).map((item) => item.name).sort()).toEqual(['After', 'Before'])
  })

  it('a cursor too old for the tombstones (reset: true) becomes a full pull that keeps the outbox and its fields', async () => {
    const owner = await signUpOwner(t)
    const device = await syncedDevice(owner)
    const id = await createItem(device.db, fields('Shared'))
    await device.engine.syncOnce()
    await updateItem(device.db, id, fields('Pending rename'))
    await writeMeta(device.db, 'cursor', 1_000_000_000)
    await pullChanges(device.db, device.transport)
    expect(await pendingOutboxCount(device.db)).toBe(1)
    expect((await itemsQuery(device.db)).map((item) => item.name)).toEqual(['Pending rename'])
    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await serverItems(owner.token)).map((item) => item.name)).toEqual(['Pending rename'])
  })

  it('a device clock off by a day changes nothing: order comes from the outbox, not the clock', async () => {
    const owner = await signUpOwner(t)
    const device = await syncedDevice(owner)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - DAY_MS })
    t.clock.advance(DAY_MS)
    try {
      const id = await createItem(device.db, fields('First'))
      vi.setSystemTime(Date.now() + 2 * DAY_MS)
      await updateItem(device.db, id, fields('Second'))
      vi.setSystemTime(Date.now() - 3 * DAY_MS)
      await updateItem(device.db, id, fields('Third'))
      expect(await device.engine.syncOnce()).toBe('synced')
      expect((await serverItems(owner.token)).map((item) => item.name)).toEqual(['Third'])
      expect((await itemsQuery(device.db)).map((item) => item.name)).toEqual(['Third'])
    } finally {
      t.clock.advance(-DAY_MS)
      vi.useRealTimers()
    }
  })
})

describe('tokens: expiry, refresh, sign-out and another user', () => {
  it('an access token that expired while offline triggers exactly one refresh and one retry', async () => {
    const clocked = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
    const owner = await signUpOwner(clocked)
    const log: RequestLog = []
    const device = await createDevice({ fetch: countingFetch((input, init) => Promise.resolve(clocked.app.request(input, init)), log), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    clocked.clock.advance(16 * 60 * 1000)
    await createItem(device.db, fields('After a long flight'))
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(log.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1)
    expect(device.tokens.current?.refreshToken).not.toBe(owner.refreshToken)
  })

  it('two tabs hitting 401 at once share one refresh (a lock), and both retry with the new token', async () => {
    const clocked = new TestApp(await sharedDatabase(testDatabases[0]?.url ?? 'memory://'))
    const owner = await signUpOwner(clocked)
    const log: RequestLog = []
    const fetch = countingFetch((input, init) => Promise.resolve(clocked.app.request(input, init)), log)
    const device = await createDevice({ fetch, tokens: owner })
    const locks = createMemoryLocks()
    const tabs = [1, 2].map(() => createTransport({ fetch, baseUrl: 'http://localhost', tokens: device.tokens, locks }))
    clocked.clock.advance(16 * 60 * 1000)
    const answers = await Promise.all(tabs.map((tab) => tab.send({ method: 'GET', path: '/api/sync/changes?cursor=0' })))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(log.filter((request) => request.path === '/api/auth/refresh')).toHaveLength(1)
  })

  it('a refused refresh clears the tokens and fires logout, but keeps the outbox for the same user', async () => {
    const owner = await signUpOwner(t)
    const device = await syncedDevice(owner)
    await createItem(device.db, fields('Kept through sign-out'))
    device.tokens.current = { token: 'expired.token.value', refreshToken: 'revoked-refresh-token' }
    expect(await device.engine.syncOnce()).toBe('signed-out')
    expect(device.tokens.signOuts).toBe(1)
    expect(device.tokens.current).toBeNull()
    expect(await pendingOutboxCount(device.db)).toBe(1)

    const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    expect(await claimLocalDataFor(device.db, userIdFromAccessToken(login.json.token) ?? '')).toBe('same-user')
    await device.tokens.write(login.json)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect((await serverItems(owner.token)).map((item) => item.name)).toEqual(['Kept through sign-out'])
  })

  it("a different user signing in on the device never receives the first user's queued edits or cached data", async () => {
    const first = await signUpOwner(t, 'first')
    const second = await signUpOwner(t, 'second')
    const device = await syncedDevice(first)
    await createItem(device.db, fields('Private to the first user'))
    await device.tokens.signOut()
    expect(await claimLocalDataFor(device.db, userIdFromAccessToken(second.token) ?? '')).toBe('wiped-other-user')
    await device.tokens.write(second)
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await itemsQuery(device.db)).toEqual([])
    expect(await serverItems(first.token)).toEqual([])
    expect(await serverItems(second.token)).toEqual([])
  })

  it("tokens of another user never carry the first user's outbox, even before the page claims the data", async () => {
    const first = await signUpOwner(t, 'first')
    const second = await signUpOwner(t, 'second')
    const device = await syncedDevice(first)
    await createItem(device.db, fields('Still the first user\'s'))
    await device.tokens.write(second)
    expect(await device.engine.syncOnce()).toBe('signed-out')
    expect(await pendingOutboxCount(device.db)).toBe(1)
    expect(await serverItems(second.token)).toEqual([])
  })
})
