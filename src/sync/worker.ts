// The sync worker: opens Dexie itself, runs engine and scheduler, and is driven by the leading tab through comlink.
import * as Comlink from 'comlink'
import * as v from 'valibot'
import { openOwnerDatabase, type OwnerDatabase } from '../local/db.ts'
import { createSyncEngine } from './engine.ts'
import { defaultLocks } from './locks.ts'
import { TokenPairSchema, WorkerConfigSchema } from './messages.ts'
import { createSyncScheduler } from './scheduler.ts'
import { createTransport, type TokenPair, type TokenStore } from './transport.ts'
import { listenForTriggers } from './triggers.ts'

/** What the page lends the worker: its localStorage tokens and a way to say "reload, the database is newer". */
export type PageBridge = {
  readTokens(): Promise<unknown>
  writeTokens(pair: TokenPair): Promise<void>
  signOut(): Promise<void>
  databaseOutdated(): Promise<void>
}

let running: { db: OwnerDatabase; stopListening: () => void; scheduler: ReturnType<typeof createSyncScheduler> } | undefined

const workerApi = {
  async start(rawConfig: unknown, bridge: PageBridge) {
    if (running) return
    const config = v.parse(WorkerConfigSchema, rawConfig)
    const tokens: TokenStore = {
      // The page's answer crosses a boundary: a malformed pair reads as "no tokens".
      read: async () => {
        const parsed = v.safeParse(v.nullable(TokenPairSchema), await bridge.readTokens())
        return parsed.success ? parsed.output : null
      },
      write: (pair) => bridge.writeTokens(pair),
      signOut: () => bridge.signOut(),
    }
    const db = openOwnerDatabase(config.databaseName, { onOutdated: () => void bridge.databaseOutdated() })
    const transport = createTransport({ fetch: (input, init) => fetch(input, init), baseUrl: config.baseUrl, tokens, locks: defaultLocks() })
    const engine = createSyncEngine(db, transport)
    const scheduler = createSyncScheduler({ sync: () => engine.syncOnce() })
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
