// Test stand-ins of one browser tab for the sync client: the page's globals, Web Locks, and a worker over a channel.
import * as Comlink from 'comlink'
import { vi } from 'vitest'
import { createMemoryLocks } from '../api/locks.ts'

/** A worker stand-in over a MessageChannel that logs the tab's comlink calls (start, stop, resume). */
export function fakeWorker(log: string[]): Worker {
  const { port1, port2 } = new MessageChannel()
  Comlink.expose({ start: () => void log.push('start'), stop: () => void log.push('stop'), resume: () => void log.push('resume') }, port2)
  return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker
}

/** The browser globals startSyncClient reads: one page (window is the global scope, as in a tab), Web Locks. */
export function browserTab(locks = createMemoryLocks()) {
  const page = new EventTarget()
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page))
  vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page))
  vi.stubGlobal('dispatchEvent', page.dispatchEvent.bind(page))
  vi.stubGlobal('window', globalThis)
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'hidden' }))
  vi.stubGlobal('location', { origin: 'http://localhost' })
  vi.stubGlobal('navigator', { locks })
  return locks
}
