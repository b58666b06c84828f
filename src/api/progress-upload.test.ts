// The stall timeout: an upload that keeps moving is never cut; one that stops for the stall time is, whatever its size.
import { describe, expect, it } from 'vitest'
import { fallbackUploadCapMs, fetchWithStallTimeout, type ProgressFetch, type Timers } from './progress-upload.ts'

/** Timers that run only when `advance` moves the fake time. */
function fakeTimers() {
  let now = 0
  let nextId = 1
  const pending = new Map<number, { at: number; run: () => void }>()
  const timers: Timers = {
    setTimeout: (run, ms) => (pending.set(nextId, { at: now + ms, run }), nextId++),
    clearTimeout: (id) => void pending.delete(id as number),
  }
  const advance = (ms: number) => {
    const until = now + ms
    for (let due = nextDue(until); due; due = nextDue(until)) {
      pending.delete(due[0])
      now = due[1].at
      due[1].run()
    }
    now = until
  }
  const nextDue = (until: number) => [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
  return { timers, advance }
}

/** A link that reports progress at the given seconds and answers 201 at `answerAt`, unless aborted first. */
function link(timers: Timers, progressAt: number[], answerAt: number): ProgressFetch {
  return (_input, init, onProgress) =>
    new Promise((resolve, reject) => {
      for (const second of progressAt) timers.setTimeout(onProgress, second * 1_000)
      const answer = timers.setTimeout(() => resolve(new Response(null, { status: 201 })), answerAt * 1_000)
      init.signal.addEventListener('abort', () => (timers.clearTimeout(answer), reject(init.signal.reason)), { once: true })
    })
}

const every = (step: number, until: number) => Array.from({ length: Math.floor(until / step) }, (_, i) => (i + 1) * step)

describe('fetchWithStallTimeout with a 30 s stall time', () => {
  it.each([
    { name: 'a 100 s upload with progress every 10 s finishes', progressAt: every(10, 100), answerAt: 101, outcome: 'answered' },
    { name: 'a 300 s upload with progress every 29 s finishes', progressAt: every(29, 290), answerAt: 300, outcome: 'answered' },
    { name: 'no progress at all: cut at 30 s', progressAt: [], answerAt: 100, outcome: 'stalled' },
    { name: 'progress for 40 s, then none: cut', progressAt: every(5, 40), answerAt: 200, outcome: 'stalled' },
    { name: 'the whole body sent, then no answer for 30 s: cut', progressAt: every(5, 20), answerAt: 51, outcome: 'stalled' },
  ])('$name', async ({ progressAt, answerAt, outcome }) => {
    const clock = fakeTimers()
    const sent = fetchWithStallTimeout(link(clock.timers, progressAt, answerAt), 'http://x/api/uploads', { method: 'POST' }, 30_000, clock.timers).then(
      (res) => `answered ${res.status}`,
      (error: DOMException) => `${error.name}: ${error.message}`,
    )
    clock.advance(1_000_000)
    expect(await sent).toBe(outcome === 'answered' ? 'answered 201' : 'TimeoutError: No upload progress for 30 s')
  })

  it("the caller's own abort still cuts it", async () => {
    const clock = fakeTimers()
    const controller = new AbortController()
    const sent = fetchWithStallTimeout(link(clock.timers, every(1, 100), 100), 'http://x', { signal: controller.signal }, 30_000, clock.timers)
    controller.abort(new Error('Logged out'))
    await expect(sent).rejects.toThrow('Logged out')
  })
})

describe('fallbackUploadCapMs (no progress events)', () => {
  it.each([
    [0, 30_000],
    [8_192, 31_000],
    [8 * 1024 * 1024, 30_000 + 1_024_000],
  ])('%i bytes get %i ms', (bytes, cap) => {
    expect(fallbackUploadCapMs(bytes, 30_000)).toBe(cap)
  })
})
