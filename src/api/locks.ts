// Named exclusive locks: the browser's Web Locks when present, else an in-memory stand-in (Node tests, old browsers).

/** The part of the Web Locks API we use; `navigator.locks` satisfies it. */
export type LockManagerLike = {
  request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<T> | T): Promise<T>
}

/**
 * Exclusive locks inside one JavaScript realm. Tests share one instance between simulated tabs; a browser without
 * Web Locks gets one per tab, which still gives single flight inside that tab.
 */
export function createMemoryLocks(): LockManagerLike {
  const queues = new Map<string, Array<() => void>>()
  const held = new Set<string>()

  const acquire = (name: string, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (!held.has(name)) {
        held.add(name)
        resolve()
        return
      }
      const waiter = () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      const onAbort = () => {
        queues.set(name, (queues.get(name) ?? []).filter((candidate) => candidate !== waiter))
        reject(signal?.reason ?? new Error('Aborted'))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      queues.set(name, [...(queues.get(name) ?? []), waiter])
    })

  const release = (name: string) => {
    const [next, ...rest] = queues.get(name) ?? []
    queues.set(name, rest)
    if (next) next()
    else held.delete(name)
  }

  return {
    async request(name, options, callback) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('Aborted')
      if (options.ifAvailable && held.has(name)) return callback(null)
      await acquire(name, options.signal)
      try {
        return await callback({ name })
      } finally {
        release(name)
      }
    },
  }
}

let fallbackLocks: LockManagerLike | undefined

/** `navigator.locks` (shared by every tab and worker of the origin) or this realm's in-memory locks. */
export function defaultLocks(): LockManagerLike {
  const nav: { locks?: LockManagerLike } | undefined = typeof navigator === 'undefined' ? undefined : navigator
  if (nav?.locks) return nav.locks
  fallbackLocks ??= createMemoryLocks()
  return fallbackLocks
}
