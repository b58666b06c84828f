// When to sync: on triggers (start, online, local write debounced, visible, timer, a push), with backoff after failures.
import { retryDelay } from './backoff.ts'
import type { SyncResult } from './engine.ts'

/** 'push': the service worker received a push of news (a gift, an order's status), which a pull now brings in. */
export type SyncTrigger = 'start' | 'online' | 'write' | 'visible' | 'interval' | 'manual' | 'push'

export type Timers = { setTimeout: (callback: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void }

export type SchedulerOptions = {
  sync: () => Promise<SyncResult>
  onSignedOut?: () => void
  timers?: Timers
  random?: () => number
  writeDebounceMs?: number
  /** Whether the pass that just asked to retry got no answer within its deadline: its wait is longer (backoff.ts). */
  gotNoAnswer?: () => boolean
}

export const WRITE_DEBOUNCE_MS = 400

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createSyncScheduler({ sync, onSignedOut, timers = realTimers, random = Math.random, writeDebounceMs = WRITE_DEBOUNCE_MS, gotNoAnswer = () => false }: SchedulerOptions) {
  let failures = 0
  let timer: unknown
  let timerIsBackoff = false
  let running = false
  let again = false
  let stopped = false
  let signedOut = false

  const clearTimer = () => {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = undefined
    timerIsBackoff = false
  }

  const schedule = (ms: number, isBackoff: boolean) => {
    clearTimer()
    timerIsBackoff = isBackoff
    timer = timers.setTimeout(() => {
      timer = undefined
      timerIsBackoff = false
      void run()
    }, ms)
  }

  async function run(): Promise<void> {
    if (stopped || signedOut) return
    if (running) {
      again = true
      return
    }
    running = true
    let result: SyncResult
    try {
      result = await sync()
    } catch {
      result = 'retry-later'
    }
    running = false
    if (result === 'signed-out') {
      signedOut = true
      onSignedOut?.()
      return
    }
    // Discard or logout cut the pass short: the next one starts from what is now local (after a logout: signed out).
    if (result === 'interrupted') {
      again = false
      void run()
      return
    }
    if (result === 'retry-later') {
      failures += 1
      again = false
      schedule(retryDelay(failures, gotNoAnswer(), random), true)
      return
    }
    failures = 0
    if (again) {
      again = false
      void run()
    }
  }

  return {
    trigger(reason: SyncTrigger) {
      if (stopped) return
      // Coming back online (or a fresh start / explicit ask) forgets the backoff: the likely cause just went away. So
      // does a push: the server that sent it is up.
      if (reason === 'online' || reason === 'start' || reason === 'manual' || reason === 'push') {
        failures = 0
        clearTimer()
        void run()
        return
      }
      // While backing off, other triggers wait for the backoff timer rather than hammering a failing server.
      if (timerIsBackoff) return
      if (reason === 'write') schedule(writeDebounceMs, false)
      else void run()
    },
    /** After the same user signs in again: the kept outbox resumes. */
    resume() {
      signedOut = false
      failures = 0
      clearTimer()
      void run()
    },
    stop() {
      stopped = true
      clearTimer()
    },
    get failures() {
      return failures
    },
  }
}
