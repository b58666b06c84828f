import 'fake-indexeddb/auto'
import * as Comlink from 'comlink'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openOwnerDatabase, SCHEMA_VERSIONS } from '../local/db.ts'
import { LEADER_LOCK, SYNC_WORKER_FAILED_EVENT } from '../contract/names.ts'
import { runWhileLeader } from './leader.ts'
import { startSyncClient, type SyncClient } from './sync-client.ts'
import { browserTab, fakeWorker } from './testing-tab.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('a tab whose database another tab upgraded', () => {
  let client: SyncClient | undefined
  afterEach(() => {
    client?.stop()
    vi.unstubAllGlobals()
  })

  it('releases the leader lock once its connection closed for the upgrade, so a current tab leads', async () => {
    const locks = browserTab()
    const name = `upgrade-${crypto.randomUUID()}`
    const oldTab: string[] = []
    client = startSyncClient({ databaseName: name, createWorker: () => fakeWorker(oldTab), intervalMs: 3_600_000 })
    await client.db.open()
    await settle()
    expect(oldTab).toEqual(['start'])

    // A tab with the next app version waits for the lock and opens the database with a newer schema.
    const led: string[] = []
    const newTab = runWhileLeader(locks, () => void led.push('new tab'), LEADER_LOCK)
    const newer = openOwnerDatabase(name, {
      versions: [...SCHEMA_VERSIONS, { version: (SCHEMA_VERSIONS.at(-1)?.version ?? 1) + 1, stores: { extra: 'id' } }],
      onOutdated: () => undefined,
    })
    await newer.open()
    await settle()

    // The old tab closed its connection, stopped its worker and let go: the new tab leads.
    expect(client.db.isOpen()).toBe(false)
    expect(oldTab).toEqual(['start', 'stop'])
    expect(led).toEqual(['new tab'])
    expect(newTab.isLeader()).toBe(true)
    newTab.stop()
    newer.close()
  })
})

/** A worker stand-in whose `start` never answers (its file answered 404 after a deploy, or it hangs). */
function silentWorker() {
  const { port1, port2 } = new MessageChannel()
  Comlink.expose({ start: () => new Promise(() => undefined), stop: () => undefined, resume: () => undefined }, port2)
  return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker
}

describe('a leader tab whose worker does not start', () => {
  let client: SyncClient | undefined
  afterEach(() => {
    client?.stop()
    vi.unstubAllGlobals()
  })

  const cases: [name: string, worker: () => Worker][] = [
    ['never answers start (timeout)', silentWorker],
    [
      "fails with 'error'",
      () => {
        const worker = silentWorker()
        setTimeout(() => worker.dispatchEvent(new Event('error')), 10)
        return worker
      },
    ],
  ]
  for (const [name, worker] of cases) {
    it(`${name}: releases the leader lock to a waiting tab and offers a reload`, async () => {
      const locks = browserTab()
      let failures = 0
      addEventListener(SYNC_WORKER_FAILED_EVENT, () => (failures += 1))
      // The timeout only matters for the silent worker; the 'error' case fails long before it.
      const timeout = name.includes('timeout') ? 50 : 60_000
      client = startSyncClient({ databaseName: `worker-${crypto.randomUUID()}`, createWorker: worker, intervalMs: 3_600_000, workerStartTimeoutMs: timeout })
      const led: string[] = []
      const otherTab = runWhileLeader(locks, () => void led.push('other tab'), LEADER_LOCK)
      await vi.waitFor(() => expect(led).toEqual(['other tab']), { timeout: 5_000 })
      expect(failures).toBe(1)
      otherTab.stop()
    })
  }
})

