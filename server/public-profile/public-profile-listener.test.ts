// The listener's fault handling with connections that fail on cue: it never throws into the process, it shortens the
// cache's max-age while deaf, and once listening again it forgets what it may have missed.
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { MAX_AGE_MS, PublicProfileCache, UNSYNCED_MAX_AGE_MS } from '../profile-cache/public-profile-cache.ts'
import { INVALIDATION_CHANNEL, type ListenConnection, ProfileChangeListener } from './public-profile-listener.ts'

/** A connection whose connect() fails when told to, and which can be cut like a terminated backend. */
class FakeConnection extends EventEmitter {
  queries: string[] = []
  ended = false
  constructor(private readonly refuses: boolean) {
    super()
  }
  async connect() {
    if (this.refuses) {
      // pg emits 'error' as well as rejecting when the server is unreachable.
      this.emit('error', new Error('connect ECONNREFUSED'))
      throw new Error('connect ECONNREFUSED')
    }
  }
  async query(text: string) {
    this.queries.push(text)
  }
  async end() {
    if (this.ended) return
    this.ended = true
    this.emit('end')
  }
  cut() {
    this.emit('error', new Error('terminating connection due to administrator command'))
    this.emit('end')
  }
  notify(payload: string) {
    this.emit('notification', { channel: INVALIDATION_CHANNEL, payload })
  }
}

function setUp(refusals: boolean[], throwsOnOpen = 0) {
  const cache = new PublicProfileCache()
  const opened: FakeConnection[] = []
  const states: boolean[] = []
  let throws = throwsOnOpen
  const listener = new ProfileChangeListener(
    cache,
    () => {
      // A constructor that throws (a malformed address, say) is one more failed attempt, not a crash.
      if (throws-- > 0) throw new Error('invalid connection string')
      const connection = new FakeConnection(refusals[opened.length] ?? false)
      opened.push(connection)
      return connection as unknown as ListenConnection
    },
    { retryDelaysMs: [1], pingEveryMs: 60_000, onStateChange: (s) => states.push(s), log: () => undefined },
  )
  return { cache, opened, states, listener }
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
  expect(condition()).toBe(true)
}

describe('ProfileChangeListener', () => {
  it('keeps entries only briefly until it listens, retries a refused connection, then forgets what it held', async () => {
    const { cache, opened, listener } = setUp([true, true, false], 1)
    expect(cache.maxAgeMs).toBe(UNSYNCED_MAX_AGE_MS)
    cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}')
    listener.start()
    await until(() => listener.listening)
    expect(opened).toHaveLength(3)
    expect(opened[2]?.queries).toEqual([`LISTEN ${INVALIDATION_CHANNEL}`])
    expect(cache.maxAgeMs).toBe(MAX_AGE_MS)
    expect(cache.lookup('k3m9x2pq7z')).toBeUndefined()
    await listener.close()
  })

  it('applies notifications, and after a cut connection falls back to the short max-age and listens again', async () => {
    const { cache, opened, states, listener } = setUp([])
    listener.start()
    await until(() => listener.listening)
    cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}')
    opened[0]?.notify('p:p1')
    expect(cache.lookup('k3m9x2pq7z')).toBeUndefined()

    opened[0]?.cut()
    expect(cache.maxAgeMs).toBe(UNSYNCED_MAX_AGE_MS)
    await until(() => listener.listening)
    expect(opened).toHaveLength(2)
    expect(states).toEqual([true, false, true])
    cache.store(cache.version(), ['k3m9x2pq7z'], 'p1', '{}')
    opened[1]?.notify('p:p1')
    expect(cache.lookup('k3m9x2pq7z')).toBeUndefined()
    await listener.close()
  })

  it('stops reconnecting once closed', async () => {
    const { opened, listener } = setUp([])
    listener.start()
    await until(() => listener.listening)
    await listener.close()
    opened[0]?.cut()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(opened).toHaveLength(1)
    expect(opened[0]?.ended).toBe(true)
  })
})
