// The sync worker: opens Dexie itself, runs engine and scheduler, and is driven by the leading tab through comlink.
import * as Comlink from 'comlink'
import * as v from 'valibot'
import { xhrProgressFetch } from '../api/progress-upload.ts'
import { bridgedTokenStore, type TokenBridge } from '../api/token-store.ts'
import { openOwnerDatabase, type OwnerDatabase } from '../local/db.ts'
import { createSyncEngine } from './engine.ts'
import { defaultLocks } from '../api/locks.ts'
import { WorkerConfigSchema } from './messages.ts'
import { createSyncScheduler } from './scheduler.ts'
import { createTransport } from './transport.ts'
import { listenForTriggers } from './triggers.ts'

/** What the page lends the worker: its localStorage tokens and a way to say "reload, the database is newer". */
export type PageBridge = TokenBridge & { databaseOutdated(): Promise<void> }

let running: { db: OwnerDatabase; stopListening: () => void; scheduler: ReturnType<typeof createSyncScheduler> } | undefined

const workerApi = {
  async start(rawConfig: unknown, bridge: PageBridge) {
    if (running) return
    const config = v.parse(WorkerConfigSchema, rawConfig)
    const tokens = bridgedTokenStore(bridge)
    const db = openOwnerDatabase(config.databaseName, { onOutdated: () => void bridge.databaseOutdated() })
    // Uploads go through XHR, whose upload progress lets a slow photo run as long as bytes keep moving (decision 112).
    const transport = createTransport({ fetch: (input, init) => fetch(input, init), baseUrl: config.baseUrl, tokens, locks: defaultLocks(), progressFetch: xhrProgressFetch })
    // A pass does not wait for a photo on a slow uplink: when the uploads end, the next pass pushes what they unblocked.
    const engine = createSyncEngine(db, transport, { onUploadsSettled: () => scheduler.trigger('write') })
    const scheduler = createSyncScheduler({ sync: () => engine.syncOnce({ waitForUploads: false }), gotNoAnswer: () => engine.lastPassGotNoAnswer() })
    // Every tab's writes, sign-ins and triggers (visible, timer, online, Sync now) arrive here, not only this tab's.
    const stopListening = listenForTriggers(scheduler)
    running = { db, stopListening, scheduler }
    scheduler.trigger('start')
  },

  resume() {
    running?.scheduler.resume()
  },

  stop() {
    running?.scheduler.stop()
    running?.stopListening()
    running?.db.close()
    running = undefined
  },
}

export type SyncWorkerApi = typeof workerApi

Comlink.expose(workerApi)
