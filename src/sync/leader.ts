// Leader election across tabs: the tab holding the Web Lock runs the engine; when it closes, a waiting tab takes over.
import { LEADER_LOCK } from '../contract/names.ts'
import type { LockManagerLike } from '../api/locks.ts'

export type Leadership = { stop(): void; isLeader(): boolean }

/**
 * Queues for the leader lock and calls `onLead` once granted. The lock is held until `stop()` (or until the tab
 * goes away, when the browser releases it), so exactly one tab leads and the next in line takes over.
 * `onLead` receives a signal that aborts when this tab stops leading, to shut its worker down.
 */
export function runWhileLeader(locks: LockManagerLike, onLead: (stopped: AbortSignal) => Promise<void> | void, name = LEADER_LOCK): Leadership {
  const stopper = new AbortController()
  let leading = false
  locks
    .request(name, { signal: stopper.signal }, async () => {
      leading = true
      try {
        await onLead(stopper.signal)
        if (!stopper.signal.aborted) await new Promise((resolve) => stopper.signal.addEventListener('abort', resolve, { once: true }))
      } finally {
        leading = false
      }
    })
    // Aborted while still waiting in line: nothing to undo.
    .catch(() => undefined)
  return {
    stop: () => stopper.abort(),
    isLeader: () => leading,
  }
}

/**
 * After another tab opened a newer schema, this tab's database connections are closed and its code is outdated: it
 * stops leading (or waiting to lead) for good, so the lock goes to a tab that can still sync. `outdatedEvent` fires on
 * `page` when the page's or the worker's connection closed for the upgrade (local/db.ts).
 */
export function stepDownWhenOutdated(page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, outdatedEvent: string, leadership: Leadership): () => void {
  const stepDown = () => leadership.stop()
  page.addEventListener(outdatedEvent, stepDown, { once: true })
  return () => page.removeEventListener(outdatedEvent, stepDown)
}
