import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readMeta, writeMeta } from '../local/meta.ts'
import { sampleItemFields, seedProfile } from '../local/testing.ts'
import { createItem } from '../local/writes.ts'
import { startSyncClient, type SyncClient } from './sync-client.ts'
import { browserTab, fakeWorker } from './testing-tab.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/** An unsigned token whose `sub` is the user: the client only reads who it belongs to. */
const tokenOf = (sub: string) => `e30.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.sig`

describe('another owner signs in on a device holding unsent changes (issue 25, deliverable 4)', () => {
  let client: SyncClient | undefined
  afterEach(() => {
    client?.stop()
    vi.unstubAllGlobals()
  })

  async function aliceOffline(log: string[]) {
    browserTab()
    client = startSyncClient({ databaseName: `switch-${crypto.randomUUID()}`, createWorker: () => fakeWorker(log), intervalMs: 3_600_000 })
    await client.signedIn({ token: tokenOf('alice-id'), refreshToken: 'r-alice' })
    await seedProfile(client.db, { username: 'alice' })
    await createItem(client.db, sampleItemFields('Blue bike'))
    await createItem(client.db, sampleItemFields('Red bike'))
    await createItem(client.db, sampleItemFields('Green bike'))
    await settle()
    log.length = 0
    return client
  }

  it('keeps the changes and does not resume sync until the newcomer decides', async () => {
    const log: string[] = []
    const sync = await aliceOffline(log)
    expect(await sync.signedIn({ token: tokenOf('bob-id'), refreshToken: 'r-bob' })).toBe('asked-other-owner')
    await settle()
    expect(await sync.db.outbox.count()).toBe(3)
    expect((await readMeta(sync.db, 'owner'))?.userId).toBe('alice-id')
    expect(log).not.toContain('resume')
    expect(await sync.pendingOwnerSwitch(tokenOf('bob-id'))).toEqual({ userId: 'alice-id', username: 'alice', unsentCount: 3, failedCount: 0 })
  })

  it('Sign in as @alice: her sign-in keeps the changes and resumes sync', async () => {
    const log: string[] = []
    const sync = await aliceOffline(log)
    await sync.signedIn({ token: tokenOf('bob-id'), refreshToken: 'r-bob' })
    expect(await sync.signedIn({ token: tokenOf('alice-id'), refreshToken: 'r-alice-2' })).toBe('same-user')
    await settle()
    expect(await sync.db.outbox.count()).toBe(3)
    expect(log).toContain('resume')
  })

  it('a confirmed Discard claims the device for the newcomer and resumes sync', async () => {
    const log: string[] = []
    const sync = await aliceOffline(log)
    await sync.signedIn({ token: tokenOf('bob-id'), refreshToken: 'r-bob' })
    expect(await sync.discardOtherOwner(tokenOf('bob-id'), 'alice-id')).toBe(true)
    await settle()
    expect(await sync.db.outbox.count()).toBe(0)
    expect(await sync.db.profile.count()).toBe(0)
    expect((await readMeta(sync.db, 'owner'))?.userId).toBe('bob-id')
    expect(log).toContain('resume')
    expect(await sync.pendingOwnerSwitch(tokenOf('bob-id'))).toBeUndefined()
  })

  it('with nothing unsent, another owner claims the device at once, as before', async () => {
    const log: string[] = []
    const sync = await aliceOffline(log)
    await sync.db.outbox.clear()
    await writeMeta(sync.db, 'owner', { userId: 'alice-id' })
    expect(await sync.signedIn({ token: tokenOf('bob-id'), refreshToken: 'r-bob' })).toBe('wiped-other-user')
    expect(await sync.db.profile.count()).toBe(0)
  })
})
