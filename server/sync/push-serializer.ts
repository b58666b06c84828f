// Serialises one owner's sync pushes: a queue per owner in this process and, on PostgreSQL, an advisory lock across servers.
import type { Database } from '../db/client.ts'
import { ApiError } from '../http/http.ts'

/** First key of the two-key advisory lock, so these locks never collide with another use of advisory locks. */
const PUSH_LOCK_NAMESPACE = 0x51525450
/**
 * The advisory lock is held by a connection of its own while the batch's operations use other ones. At most this many
 * owners hold one at a time per process (pool of 10), so the operations can never starve for a connection.
 */
const MAX_LOCK_HOLDERS = 4
/** Another server's push of the same owner: how long to wait for it before answering 503 (the client retries). */
const LOCK_WAIT_MS = 20_000
const LOCK_POLL_MS = 50

export const PUSH_BUSY_MESSAGE = 'Another sync of this account is still running. Please try again in a moment.'

/** `stillHeld` answers false once the lock across servers was lost mid-batch (its connection died). */
export type PushSerializer = <T>(ownerId: string, work: (stillHeld: () => boolean) => Promise<T>) => Promise<T>

const serializers = new WeakMap<Database, PushSerializer>()

/** One serializer per database, shared by every app built on it (tests build several on one database). */
export function pushSerializerFor(database: Database): PushSerializer {
  let serializer = serializers.get(database)
  if (!serializer) {
    serializer = createPushSerializer(database)
    serializers.set(database, serializer)
  }
  return serializer
}

function createPushSerializer(database: Database): PushSerializer {
  const tails = new Map<string, Promise<unknown>>()
  const holders = createSemaphore(MAX_LOCK_HOLDERS)
  const pool = poolOf(database)

  // PGlite is one process by construction: the queue below is all it needs.
  const acrossServers = <T>(ownerId: string, work: (stillHeld: () => boolean) => Promise<T>): Promise<T> =>
    pool ? holders.use(() => underAdvisoryLock(pool, ownerId, work)) : work(() => true)

  return (ownerId, work) => {
    const previous = tails.get(ownerId) ?? Promise.resolve()
    const run = previous.then(() => acrossServers(ownerId, work))
    const tail = run.catch(() => undefined)
    tails.set(ownerId, tail)
    void tail.then(() => {
      if (tails.get(ownerId) === tail) tails.delete(ownerId)
    })
    return run
  }
}

type PoolClientLike = {
  query(text: string, values?: unknown[]): Promise<{ rows: { locked?: unknown }[] }>
  release(destroy?: boolean): void
  on?(event: 'error' | 'end', listener: () => void): unknown
  off?(event: 'error' | 'end', listener: () => void): unknown
}
type PoolLike = { connect(): Promise<PoolClientLike> }

/** The node-postgres pool behind drizzle (undefined for PGlite). */
function poolOf(database: Database): PoolLike | undefined {
  if (database.kind !== 'postgres') return undefined
  const client = (database.db as unknown as { $client?: Partial<PoolLike> }).$client
  return typeof client?.connect === 'function' ? (client as PoolLike) : undefined
}

/**
 * A session-level advisory lock on a connection of its own, outside any transaction, so neither the statement timeout
 * nor the idle-in-transaction timeout cuts a long batch short. It is polled rather than waited for in one statement.
 * If the connection dies, PostgreSQL releases the lock: `stillHeld` then answers false, so the batch stops before its
 * next operation instead of running beside another server's push of the same owner, and the connection is destroyed,
 * never given back. A failure of the work itself leaves a healthy connection reusable.
 */
async function underAdvisoryLock<T>(pool: PoolLike, ownerId: string, work: (stillHeld: () => boolean) => Promise<T>): Promise<T> {
  const connection = await pool.connect()
  let lost = false
  const onLost = () => {
    lost = true
  }
  connection.on?.('error', onLost)
  connection.on?.('end', onLost)
  // A query of the lock itself that failed (timeout, lost connection) leaves the connection in doubt.
  const lockQuery = async (text: string) => {
    try {
      return await connection.query(text, [PUSH_LOCK_NAMESPACE, ownerId])
    } catch (error) {
      lost = true
      throw error
    }
  }
  try {
    const deadline = Date.now() + LOCK_WAIT_MS
    for (;;) {
      const { rows } = await lockQuery('select pg_try_advisory_lock($1, hashtext($2)) as locked')
      if (rows[0]?.locked === true) break
      if (Date.now() > deadline) throw new ApiError(503, PUSH_BUSY_MESSAGE, { 'Retry-After': '1' })
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
    }
    try {
      return await work(() => !lost)
    } finally {
      if (!lost) await lockQuery('select pg_advisory_unlock($1, hashtext($2))').catch(() => undefined)
    }
  } finally {
    connection.off?.('error', onLost)
    connection.off?.('end', onLost)
    connection.release(lost)
  }
}

function createSemaphore(size: number) {
  let free = size
  const waiting: (() => void)[] = []
  return {
    async use<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else free += 1
      }
    },
  }
}
