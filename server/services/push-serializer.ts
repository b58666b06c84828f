// Serialises one owner's sync pushes: a queue per owner in this process and, on PostgreSQL, an advisory lock across servers.
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'

/** First key of the two-key advisory lock, so these locks never collide with another use of advisory locks. */
const PUSH_LOCK_NAMESPACE = 0x51525450
/**
 * The advisory lock is held by a transaction on a pool connection while the batch's operations use other ones. At most
 * this many owners hold one at a time per process (pool of 10), so the operations can never starve for a connection.
 */
const MAX_LOCK_HOLDERS = 4

export type PushSerializer = <T>(ownerId: string, work: () => Promise<T>) => Promise<T>

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

  // PGlite is one connection in one process: a transaction held across the batch would block the batch itself.
  const acrossServers = <T>(ownerId: string, work: () => Promise<T>): Promise<T> =>
    database.kind === 'postgres' ? holders.use(() => underAdvisoryLock(database, ownerId, work)) : work()

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

async function underAdvisoryLock<T>(database: Database, ownerId: string, work: () => Promise<T>): Promise<T> {
  let done: { value: T } | undefined
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_NAMESPACE}, hashtext(${ownerId}))`)
      done = { value: await work() }
    })
  } catch (error) {
    // A commit that fails after the batch ran changes nothing (the lock transaction wrote nothing): answer the batch.
    if (!done) throw error
  }
  return (done as { value: T }).value
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
