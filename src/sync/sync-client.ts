// The page side of sync: leader election, the worker's life, triggers, tokens in localStorage, sign-in and logout.
import * as Comlink from 'comlink'
import { pageTokenBridge, type TokenPair } from '../api/token-store.ts'
import { SYNC_WORKER_FAILED_EVENT } from '../contract/names.ts'
import { DATABASE_OUTDATED_EVENT, DEFAULT_DATABASE_NAME, openOwnerDatabase, type OwnerDatabase } from '../local/db.ts'
import { discardOutboxEntry, retryOutboxEntry } from '../local/outbox-actions.ts'
import { claimUnlessUnsent, discardOtherOwnerFor, readPendingOwnerSwitch, type PendingOwnerSwitch, type SignInClaim } from '../local/owner-switch.ts'
import { clearLocalData, userIdFromAccessToken } from '../local/session.ts'
import { announceLocalWrite } from '../local/writes.ts'
import { runWhileLeader, stepDownWhenOutdated, type Leadership } from './leader.ts'
import { defaultLocks } from '../api/locks.ts'
import { announceTrigger, watchPageTriggers } from './triggers.ts'
import type { PageBridge, SyncWorkerApi } from './worker.ts'

export const SYNC_INTERVAL_MS = 60_000
/** How long a leader tab waits for its worker to start before it lets another tab lead (a 404 worker never does). */
export const WORKER_START_TIMEOUT_MS = 15_000

export type SyncClientOptions = {
  databaseName?: string
  baseUrl?: string
  createWorker?: () => Worker
  intervalMs?: number
  workerStartTimeoutMs?: number
}

export type SyncClient = {
  /** The page's own connection: pass it to the queries (useLiveQuery) and writes of src/local. */
  db: OwnerDatabase
  /**
   * After login/register/OAuth stored the tokens: keeps or claims local data, asks for persistent storage, syncs.
   * 'asked-other-owner': another owner's unsent changes are on the device; nothing changed and sync stays paused
   * until the newcomer answers (pendingOwnerSwitch, discardOtherOwner).
   */
  signedIn(tokens: TokenPair): Promise<SignInClaim | undefined>
  /** Another owner's unsent changes the signed-in owner must decide about, or undefined. */
  pendingOwnerSwitch(token: string): Promise<PendingOwnerSwitch | undefined>
  /** The newcomer's confirmed Discard: deletes `expectedOwnerId`'s data and changes, claims the device, syncs. */
  discardOtherOwner(token: string, expectedOwnerId: string): Promise<boolean>
  syncNow(): void
  retry(seq: number): Promise<void>
  discard(seq: number): Promise<void>
  /** Pending plus failed entries: the N of 'You have N changes that are not synced yet'. */
  unsyncedCount(): Promise<number>
  /** Logout after the owner chose to (the caller warns first): clears the local database. */
  clearLocalDataForLogout(): Promise<void>
  stop(): void
}

const defaultWorker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'qrtee-sync' })

/** The worker cannot read localStorage: the page lends it the session (src/api/token-store.ts) and hears of rotations. */
const pageBridge: PageBridge = {
  ...pageTokenBridge,
  databaseOutdated: async () => {
    window.dispatchEvent(new Event(DATABASE_OUTDATED_EVENT))
  },
}

/** Resolves when the worker answered `start`; rejects on its `error` event or after `timeoutMs`. */
function startedWithin(worker: Worker, start: Promise<void>, timeoutMs: number): Promise<void> {
  let cleanup = () => {}
  const failed = new Promise<never>((_resolve, reject) => {
    const onError = () => reject(new Error('The sync worker failed to start'))
    const timer = setTimeout(() => reject(new Error('The sync worker did not start in time')), timeoutMs)
    worker.addEventListener('error', onError, { once: true })
    cleanup = () => {
      clearTimeout(timer)
      worker.removeEventListener('error', onError)
    }
  })
  return Promise.race([start, failed]).finally(cleanup)
}

/** Starts sync for this tab: call once at app start (main.tsx); every tab does, one of them leads. */
export function startSyncClient(options: SyncClientOptions = {}): SyncClient {
  const databaseName = options.databaseName ?? DEFAULT_DATABASE_NAME
  const baseUrl = options.baseUrl ?? location.origin
  const db = openOwnerDatabase(databaseName)
  let remote: Comlink.Remote<SyncWorkerApi> | undefined

  const leadership: Leadership = runWhileLeader(defaultLocks(), async (stopped) => {
    const worker = (options.createWorker ?? defaultWorker)()
    const api = Comlink.wrap<SyncWorkerApi>(worker)
    try {
      await startedWithin(worker, api.start({ databaseName, baseUrl }, Comlink.proxy(pageBridge)), options.workerStartTimeoutMs ?? WORKER_START_TIMEOUT_MS)
    } catch (error) {
      // A worker that never starts (its file gone after a deploy, a crash) must not keep the lock: throwing out of
      // the lock's callback releases it for another tab, and this tab offers a reload.
      worker.terminate()
      window.dispatchEvent(new Event(SYNC_WORKER_FAILED_EVENT))
      throw error
    }
    remote = api
    // A worker that fails later lets go the same way.
    worker.addEventListener('error', () => leadership.stop(), { once: true })
    stopped.addEventListener('abort', () => {
      remote = undefined
      void api.stop().finally(() => worker.terminate())
    })
  })

  // A schema upgrade in another tab closed this tab's connections: the lock must not stay with a tab that cannot sync.
  const stopWatchingUpgrades = stepDownWhenOutdated(window, DATABASE_OUTDATED_EVENT, leadership)

  // Posted to whichever tab leads (this one or another): a visible tab that does not lead still makes it pull.
  const stopTriggers = watchPageTriggers({ window, document }, options.intervalMs ?? SYNC_INTERVAL_MS)

  return {
    db,
    async signedIn(tokens) {
      const userId = userIdFromAccessToken(tokens.token)
      if (!userId) return undefined
      // User Timing marks: bench/lib-dashboard-phases.ts reads how long a reload's claim takes.
      performance.mark('qrtee:claim-asked')
      const claim = await claimUnlessUnsent(db, userId)
      performance.mark('qrtee:claim-answered')
      // No resume: the engine refuses to push data whose owner is not the session's, so it stays paused.
      if (claim === 'asked-other-owner') return claim
      // Best effort: browsers may refuse persistence; the data is still kept, just evictable under pressure.
      void navigator.storage?.persist?.().catch(() => false)
      announceLocalWrite('signed-in')
      void remote?.resume()
      return claim
    },
    async pendingOwnerSwitch(token) {
      const userId = userIdFromAccessToken(token)
      return userId ? readPendingOwnerSwitch(db, userId) : undefined
    },
    async discardOtherOwner(token, expectedOwnerId) {
      const userId = userIdFromAccessToken(token)
      if (!userId || !(await discardOtherOwnerFor(db, userId, expectedOwnerId))) return false
      announceLocalWrite('signed-in')
      void remote?.resume()
      return true
    },
    syncNow: () => announceTrigger('manual'),
    async retry(seq) {
      await retryOutboxEntry(db, seq)
      announceLocalWrite()
    },
    async discard(seq) {
      await discardOutboxEntry(db, seq)
      announceLocalWrite()
    },
    unsyncedCount: () => db.outbox.count(),
    async clearLocalDataForLogout() {
      await clearLocalData(db)
    },
    stop() {
      stopWatchingUpgrades()
      leadership.stop()
      stopTriggers()
      db.close()
    },
  }
}

let sharedClient: SyncClient | undefined

/** This tab's client, started on first use; features call this instead of threading the client through props. */
export function getSyncClient(): SyncClient {
  sharedClient ??= startSyncClient()
  return sharedClient
}
