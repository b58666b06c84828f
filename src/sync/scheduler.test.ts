import { describe, expect, it, vi } from 'vitest'
import type { SyncResult } from './engine.ts'
import { createSyncScheduler, WRITE_DEBOUNCE_MS } from './scheduler.ts'

const flush = () => vi.advanceTimersByTimeAsync(0)

function setup(results: SyncResult[]) {
  const calls: number[] = []
  let signedOut = 0
  const scheduler = createSyncScheduler({
    sync: async () => {
      calls.push(Date.now())
      return results.shift() ?? 'synced'
    },
    onSignedOut: () => (signedOut += 1),
    random: () => 1,
  })
  return { scheduler, calls, signedOut: () => signedOut }
}

describe('sync scheduler', () => {
  it('after a pass that got no answer (a frozen server), waits at least 10 s before the next attempt', async () => {
    vi.useFakeTimers()
    const calls: number[] = []
    const results: SyncResult[] = ['retry-later', 'retry-later']
    const scheduler = createSyncScheduler({ sync: async () => (calls.push(Date.now()), results.shift() ?? 'synced'), random: () => 1, gotNoAnswer: () => true })
    scheduler.trigger('start')
    await flush()
    await vi.advanceTimersByTimeAsync(9_000)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_001)
    expect(calls).toHaveLength(2)
    scheduler.stop()
    vi.useRealTimers()
  })

  it('runs again at once after a pass that Discard or logout interrupted, without backing off', async () => {
    vi.useFakeTimers()
    const { scheduler, calls } = setup(['interrupted'])
    scheduler.trigger('start')
    await flush()
    await flush()
    expect(calls).toHaveLength(2)
    expect(scheduler.failures).toBe(0)
    vi.useRealTimers()
  })

  it('debounces local writes into one sync', async () => {
    vi.useFakeTimers()
    const { scheduler, calls } = setup([])
    for (let i = 0; i < 5; i++) scheduler.trigger('write')
    await vi.advanceTimersByTimeAsync(WRITE_DEBOUNCE_MS + 1)
    expect(calls).toHaveLength(1)
    vi.useRealTimers()
  })

  it('backs off exponentially after failures, capped at 30 s, and resets when the network comes back', async () => {
    vi.useFakeTimers()
    const { scheduler, calls } = setup(Array<SyncResult>(8).fill('retry-later'))
    scheduler.trigger('start')
    await flush()
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      const before = calls.length
      const started = Date.now()
      while (calls.length === before) await vi.advanceTimersByTimeAsync(100)
      waits.push(Math.round((Date.now() - started) / 1000))
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30])
    scheduler.trigger('write')
    await vi.advanceTimersByTimeAsync(WRITE_DEBOUNCE_MS + 1)
    expect(calls).toHaveLength(7)
    scheduler.trigger('online')
    await flush()
    expect(calls).toHaveLength(8)
    expect(scheduler.failures).toBe(1)
    scheduler.stop()
    vi.useRealTimers()
  })

  it("a push (a gift, an order's status) forgets the backoff and pulls at once: the server that sent it is up", async () => {
    vi.useFakeTimers()
    const { scheduler, calls } = setup(['retry-later', 'retry-later'])
    scheduler.trigger('start')
    await flush()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls).toHaveLength(2)
    // Backing off for 2 s now: 'visible' waits for it, a push does not.
    scheduler.trigger('visible')
    await flush()
    expect(calls).toHaveLength(2)
    scheduler.trigger('push')
    await flush()
    expect(calls).toHaveLength(3)
    expect(scheduler.failures).toBe(0)
    scheduler.stop()
    vi.useRealTimers()
  })

  it('stops after a sign-out and resumes when the owner signs in again', async () => {
    vi.useFakeTimers()
    const { scheduler, calls, signedOut } = setup(['signed-out'])
    scheduler.trigger('start')
    await flush()
    scheduler.trigger('visible')
    await flush()
    expect(calls).toHaveLength(1)
    expect(signedOut()).toBe(1)
    scheduler.resume()
    await flush()
    expect(calls).toHaveLength(2)
    vi.useRealTimers()
  })

  it('a trigger during a running sync runs once more afterwards (writes made meanwhile are sent)', async () => {
    vi.useFakeTimers()
    const { scheduler, calls } = setup([])
    scheduler.trigger('start')
    scheduler.trigger('visible')
    scheduler.trigger('visible')
    await flush()
    await flush()
    expect(calls).toHaveLength(2)
    vi.useRealTimers()
  })
})
