// Keeps the public-profile caches of several servers on one PostgreSQL in step: writes NOTIFY from triggers, and a
// dedicated connection LISTENs for them, reconnecting for as long as the server runs.
import pg from 'pg'
import type { Database } from '../db/client.ts'
import {
  applyInvalidation,
  MAX_AGE_MS,
  type PublicProfileCache,
  publicProfileCache,
  releasePublicProfileCache,
  UNSYNCED_MAX_AGE_MS,
} from '../profile-cache/public-profile-cache.ts'

export const INVALIDATION_CHANNEL = 'qrtee_public_profile'
export const LISTENER_APPLICATION_NAME = 'qrtee-profile-listener'

/** The part of pg.Client the listener uses, so a test can hand it a connection that fails on cue. */
export type ListenConnection = {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<unknown>
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

export type ListenerOptions = {
  /** Waits before reconnect attempt n (0-based); the last value repeats. */
  retryDelaysMs?: readonly number[]
  /** A query on the listening connection every so often, so a silently dead socket is noticed. */
  pingEveryMs?: number
  onStateChange?: (listening: boolean) => void
  log?: (message: string) => void
}

const DEFAULT_RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000]
const DEFAULT_PING_MS = 10_000
const CONNECT_TIMEOUT_MS = 5000

/**
 * LISTENs on its own connection (a pool would hand the connection back and lose the subscription). While it is not
 * listening, notifications may be missed: the cache then keeps entries only UNSYNCED_MAX_AGE_MS; once listening again
 * it forgets everything, since it cannot know what it missed. Connection errors never reach the process.
 */
export class ProfileChangeListener {
  private closed = false
  private attempt = 0
  private current: ListenConnection | undefined
  private retryTimer: NodeJS.Timeout | undefined
  private pingTimer: NodeJS.Timeout | undefined
  listening = false

  constructor(
    private readonly cache: PublicProfileCache,
    private readonly open: () => ListenConnection,
    private readonly options: ListenerOptions = {},
  ) {
    cache.maxAgeMs = UNSYNCED_MAX_AGE_MS
  }

  start(): void {
    void this.connect()
  }

  private retryLater(why: string): void {
    if (this.closed) return
    this.options.log?.(`public profile listener: ${why}; reconnecting`)
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
    const delay = delays[Math.min(this.attempt++, delays.length - 1)] ?? 1000
    this.retryTimer = setTimeout(() => void this.connect(), delay)
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    let connection: ListenConnection
    try {
      connection = this.open()
    } catch (error) {
      this.retryLater(error instanceof Error ? error.message : String(error))
      return
    }
    this.current = connection
    let lost = false
    const lose = (why: string) => {
      if (lost) return
      lost = true
      this.setListening(false)
      clearInterval(this.pingTimer)
      connection.end().catch(() => undefined)
      this.retryLater(why)
    }
    // Attached before connect(): an 'error' event without a listener would end the process.
    connection.on('error', (error) => lose(error.message))
    connection.on('end', () => lose('connection ended'))
    connection.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL) applyInvalidation(this.cache, message.payload ?? '')
    })
    try {
      await connection.connect()
      await connection.query(`LISTEN ${INVALIDATION_CHANNEL}`)
    } catch (error) {
      lose(error instanceof Error ? error.message : String(error))
      return
    }
    if (lost || this.closed) {
      if (this.closed) connection.end().catch(() => undefined)
      return
    }
    this.attempt = 0
    // Whatever was cached while deaf may be stale.
    this.cache.clear()
    this.setListening(true)
    this.pingTimer = setInterval(() => {
      connection.query('SELECT 1').catch((error: unknown) => lose(error instanceof Error ? error.message : String(error)))
    }, this.options.pingEveryMs ?? DEFAULT_PING_MS)
    this.pingTimer.unref()
  }

  private setListening(listening: boolean): void {
    this.listening = listening
    this.cache.maxAgeMs = listening ? MAX_AGE_MS : UNSYNCED_MAX_AGE_MS
    this.options.onStateChange?.(listening)
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retryTimer)
    clearInterval(this.pingTimer)
    this.listening = false
    await this.current?.end().catch(() => undefined)
  }
}

/**
 * The cache's life with the server. On PostgreSQL, every write a visitor could see sends its NOTIFY from triggers in
 * the writing transaction (migration 0010), so it reaches the other servers exactly when it commits and never gets
 * lost in between; a listener applies everyone's, this server's own included (invalidating twice is harmless). The
 * embedded database has one server, so its cache needs nothing more.
 */
export function startPublicProfileSync(database: Database, location: string, options: ListenerOptions = {}) {
  const { db } = database
  if (database.kind !== 'postgres') return { listener: undefined, close: async () => releasePublicProfileCache(db) }
  const log = options.log ?? ((message: string) => console.warn(message))
  const listener = new ProfileChangeListener(
    publicProfileCache(db),
    // A connect that never settles (a silent network) would stall the reconnect loop for good without its timeout.
    () =>
      new pg.Client({
        connectionString: location,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: 5000,
      }),
    { ...options, log },
  )
  listener.start()
  return {
    listener,
    close: async () => {
      await listener.close()
      releasePublicProfileCache(db)
    },
  }
}
