// Test helpers for the engine: an in-memory token store, a simulated device, and fetch wrappers that misbehave.
import { openOwnerDatabase, type OwnerDatabase } from '../local/db.ts'
import { claimLocalDataFor, userIdFromAccessToken } from '../local/session.ts'
import { createSyncEngine } from './engine.ts'
import { createMemoryLocks, type LockManagerLike } from '../api/locks.ts'
import { createTransport, type FetchLike, type TokenPair, type TransportOptions } from './transport.ts'

import { createMemoryTokenStore } from '../api/testing.ts'
import type { SyncChanges } from '../contract/sync.ts'

export { createMemoryTokenStore, type MemoryTokenStore } from '../api/testing.ts'

export type RequestLog = { method: string; path: string }[]

/** Records every request (method and path) before passing it on. */
export function countingFetch(inner: FetchLike, log: RequestLog): FetchLike {
  return (input, init) => {
    const url = new URL(input)
    log.push({ method: init.method ?? 'GET', path: url.pathname + url.search })
    return inner(input, init)
  }
}

export type Fault = 'none' | 'lose-response' | 'bad-gateway' | 'timeout'

/** Lets the test decide, per request, whether the server sees it and whether the client hears back. */
export function faultyFetch(inner: FetchLike, decide: (method: string, path: string) => Fault): FetchLike {
  return async (input, init) => {
    const fault = decide(init.method ?? 'GET', new URL(input).pathname)
    if (fault === 'timeout') throw new DOMException('The operation timed out.', 'TimeoutError')
    if (fault === 'bad-gateway') return new Response(JSON.stringify({ message: 'Bad gateway' }), { status: 502 })
    const res = await inner(input, init)
    if (fault === 'lose-response') {
      await res.text()
      throw new TypeError('Failed to fetch')
    }
    return res
  }
}

export type Device = Awaited<ReturnType<typeof createDevice>>

/** One browser of an owner: its own Dexie database, token store and engine, against the given fetch. */
export async function createDevice(options: {
  fetch: FetchLike
  tokens: TokenPair
  name?: string
  locks?: LockManagerLike
  db?: OwnerDatabase
  /** Uploads with progress and a stall timeout (a throttled link) instead of the plain fetch's total cap. */
  uploads?: Pick<TransportOptions, 'progressFetch' | 'timers'>
}) {
  const db = options.db ?? openOwnerDatabase(options.name ?? `device-${crypto.randomUUID()}`)
  const tokens = createMemoryTokenStore(options.tokens)
  const userId = userIdFromAccessToken(options.tokens.token)
  if (userId) await claimLocalDataFor(db, userId)
  const transport = createTransport({ fetch: options.fetch, baseUrl: 'http://localhost', tokens, locks: options.locks ?? createMemoryLocks(), timeoutMs: 10_000, ...options.uploads })
  const engine = createSyncEngine(db, transport)
  return { db, tokens, transport, engine }
}

export type FeedPage = Partial<SyncChanges> & Pick<SyncChanges, 'cursor' | 'hasMore'>

/** A feed that answers the given pages in order (one per GET), as JSON like the server; `beforeAnswer` runs first. */
export function feed(pages: FeedPage[], beforeAnswer: () => Promise<void> = async () => {}) {
  const queue = [...pages]
  const transport = createTransport({
    fetch: async () => {
      const page = queue.shift()
      if (!page) throw new Error('the pull asked for more pages than the feed has')
      await beforeAnswer()
      const body = { reset: false, items: [], deletedItemIds: [], purchases: [], ...page }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
    },
    baseUrl: 'http://localhost',
    tokens: createMemoryTokenStore({ token: 'access', refreshToken: 'refresh' }),
    locks: createMemoryLocks(),
  })
  return { transport, left: () => queue.length }
}
