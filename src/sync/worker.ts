// The sync worker: opens Dexie itself, runs engine and scheduler, and is driven by the leading tab through comlink.
import * as Comlink from 'comlink'
import * as v from 'valibot'
import { openOwnerDatabase, type OwnerDatabase } from '../local/db.ts'
import { LOCAL_WRITE_CHANNEL } from '../local/writes.ts'
import { createSyncEngine } from './engine.ts'
import { defaultLocks } from './locks.ts'
import { ChannelMessageSchema, SyncTriggerSchema, TokenPairSchema, WorkerConfigSchema } from './messages.ts'
import { createSyncScheduler } from './scheduler.ts'
import { createTransport, type TokenPair, type TokenStore } from './transport.ts'

/** What the page lends the worker: its localStorage tokens and a way to say "reload, the database is newer". */
export type PageBridge = {
  readTokens(): Promise<unknown>
  writeTokens(pair: TokenPair): Promise<void>
  signOut(): Promise<void>
  databaseOutdated(): Promise<void>
}

let running: { db: OwnerDatabase; channel: BroadcastChannel; scheduler: ReturnType<typeof createSyncScheduler> } | undefined

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
    const channel = new BroadcastChannel(LOCAL_WRITE_CHANNEL)
    channel.onmessage = (event: MessageEvent) => {
      const message = v.safeParse(ChannelMessageSchema, event.data)
      if (!message.success) return
      if (message.output === 'signed-in') scheduler.resume()
      else scheduler.trigger('write')
    }
    running = { db, channel, scheduler }
    scheduler.trigger('start')
  },

  trigger(rawReason: unknown) {
    running?.scheduler.trigger(v.parse(SyncTriggerSchema, rawReason))
  },

  resume() {
    running?.scheduler.resume()
  },

  stop() {
    running?.scheduler.stop()
    running?.channel.close()
    running?.db.close()
    running = undefined
  },
}

export type SyncWorkerApi = typeof workerApi

Comlink.expose(workerApi)
