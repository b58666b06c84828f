// One soak device as a browser runs it: its database (at its schema version), tokens, engine, network line and a scheduler on manual timers.
import { openOwnerDatabase, SCHEMA_VERSIONS, type OwnerDatabase, type SchemaVersion } from '../../../src/local/db.ts'
import { createMemoryLocks } from '../../../src/api/locks.ts'
import { createSyncEngine, type SyncEngine, type SyncResult } from '../../../src/sync/engine.ts'
import { createSyncScheduler } from '../../../src/sync/scheduler.ts'
import { createMemoryTokenStore, type MemoryTokenStore } from '../../../src/sync/testing.ts'
import { createTransport, type TokenPair } from '../../../src/sync/transport.ts'
import type { DeviceName } from './model.ts'
import type { DeviceNetwork } from './network.ts'

/** Timers that fire only when the soak lets time pass (`fireNext`), earliest first. */
export function manualTimers() {
  let now = 0
  let next = 0
  const due = new Map<number, { at: number; callback: () => void }>()
  return {
    setTimeout(callback: () => void, ms: number) {
      next += 1
      due.set(next, { at: now + ms, callback })
      return next
    },
    clearTimeout(handle: unknown) {
      due.delete(handle as number)
    },
    /** Runs the earliest timer; false when none is set. */
    fireNext(): boolean {
      const [first] = [...due.entries()].sort((x, y) => x[1].at - y[1].at)
      if (!first) return false
      due.delete(first[0])
      now = first[1].at
      first[1].callback()
      return true
    },
  }
}

export type Device = {
  name: DeviceName
  dbName: string
  db: OwnerDatabase
  /** The schema versions this device's app knows (grows with an upgrade). */
  versions: readonly SchemaVersion[]
  tokens: MemoryTokenStore
  engine: SyncEngine
  net: DeviceNetwork
  scheduler: ReturnType<typeof createSyncScheduler>
  timers: ReturnType<typeof manualTimers>
  /** Scheduler passes still running. */
  passes: Set<Promise<SyncResult>>
  schedulerSignedOut: boolean
  /** The clock passed the refresh tokens' 30 days: the next pass that reaches the server must end signed out. */
  sessionExpired: boolean
}

/** The next schema version: the same tables, and it says it adds a synced table, so the upgrade resets the cursor. */
export function nextVersions(versions: readonly SchemaVersion[]): readonly SchemaVersion[] {
  const last = versions.at(-1) ?? SCHEMA_VERSIONS[0]
  if (!last) return versions
  return [...versions, { version: last.version + 1, stores: last.stores, addsSyncedTables: ['orders'] }]
}

/**
 * Opens the device (a restart or an update opens it again: the engine's memory is gone, database and tokens stay).
 * Its scheduler runs passes as the worker does (`waitForUploads: false`, uploads ending ask for the next pass);
 * `report` hears every result of a scheduled pass.
 */
export function openDevice(
  name: DeviceName,
  dbName: string,
  tokens: MemoryTokenStore,
  net: DeviceNetwork,
  versions: readonly SchemaVersion[],
  report: (device: Device, result: SyncResult) => void,
): Device {
  const db = openOwnerDatabase(dbName, { versions, onOutdated: () => undefined })
  // Refresh resends at once: the soak's clock jumps are the only "time" there is.
  const transport = createTransport({ fetch: net.fetch, baseUrl: 'http://localhost', tokens, locks: createMemoryLocks(), timeoutMs: 10_000, refreshRetryDelaysMs: [0, 0, 0] })
  const timers = manualTimers()
  const passes = new Set<Promise<SyncResult>>()
  const engine = createSyncEngine(db, transport, { onUploadsSettled: () => device.scheduler.trigger('write') })
  const scheduled = () => {
    const pass = engine.syncOnce({ waitForUploads: false }).then((result) => {
      report(device, result)
      return result
    })
    const tracked = pass.finally(() => passes.delete(tracked))
    passes.add(tracked)
    return pass
  }
  const scheduler = createSyncScheduler({ sync: scheduled, timers, random: () => 0.5, onSignedOut: () => void (device.schedulerSignedOut = true) })
  const device: Device = { name, dbName, db, versions, tokens, engine, net, scheduler, timers, passes, schedulerSignedOut: false, sessionExpired: false }
  return device
}

export const newTokens = (pair: TokenPair) => createMemoryTokenStore(pair)

/** Waits until no scheduler pass runs and no upload runs (an upload ending may ask for a pass: that one too). */
export async function settleDevice(device: Device) {
  for (let round = 0; round < 20; round++) {
    await device.engine.uploadsSettled()
    await Promise.all([...device.passes])
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (device.passes.size === 0) return
  }
}

/** Lets the scheduler's time pass: its timers fire one by one (debounce, backoff), each pass awaited, up to `limit`. */
export async function letTimePass(device: Device, limit = 6) {
  await settleDevice(device)
  for (let fired = 0; fired < limit && device.timers.fireNext(); fired++) await settleDevice(device)
}
