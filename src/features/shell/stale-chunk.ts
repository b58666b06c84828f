// Owns what a tab does when its version's route code is gone (another tab took an update, the server was redeployed):
// one automatic reload onto the new version, remembered for the tab so a chunk still missing cannot loop.
import { isStaleChunkError, staleChunkStep } from './update-steps.ts'

const LAST_RELOAD_KEY = 'qrtee-stale-chunk-reload'

let reloading = false

/** A reload for the new version is under way: whatever error follows (a lazy import answered empty) shows nothing. */
export function staleReloadUnderway(): boolean {
  return reloading
}

function lastReloadAt(): number | null {
  try {
    const stored = Number(sessionStorage.getItem(LAST_RELOAD_KEY))
    return Number.isFinite(stored) && stored > 0 ? stored : null
  } catch {
    return null
  }
}

/** Reloads the tab when that can bring the missing code; false when the page must explain instead. */
export function reloadForStaleChunk(): boolean {
  if (reloading) return true
  const now = Date.now()
  const online = navigator.onLine
  const controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null
  if (staleChunkStep({ now, lastReloadAt: lastReloadAt(), online, controlled }) === 'explain') return false
  try {
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now))
  } catch {
    // Without storage there is no loop guard: explain rather than risk reloading for ever.
    return false
  }
  reloading = true
  window.location.reload()
  return true
}

/** Vite's event for a lazy import whose file failed: the tab reloads instead of showing the raw error. */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (isStaleChunkError(event.payload) && reloadForStaleChunk()) event.preventDefault()
  })
}
