// Owns asking the service worker to forget what it cached of the owner's data (at a logout, or when the account is gone).
import type { ClearPrivateCachesMessage } from '../contract/messages.ts'

/** How long the page waits for the service worker to confirm; a busy or missing worker must not block the logout. */
const CACHE_CLEAR_WAIT_MS = 1_000

/**
 * Asks the controlling service worker (sw/private-caches.ts) to delete the caches that may hold the owner's data,
 * and waits briefly for its answer so the next page does not read them.
 */
export function clearPrivateCaches(): Promise<void> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null
  if (!controller) return Promise.resolve()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(resolve, CACHE_CLEAR_WAIT_MS)
    channel.port1.onmessage = () => {
      clearTimeout(timer)
      resolve()
    }
    const message: ClearPrivateCachesMessage = { type: 'CLEAR_PRIVATE_CACHES' }
    controller.postMessage(message, [channel.port2])
  })
}
