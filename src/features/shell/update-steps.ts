// Owns the update decisions that must never leave a tab on old code: what "Reload" does, and what a route chunk that
// no longer exists leads to. Pure, so the tables in update-steps.test.ts pin every case.

/**
 * "Reload" in a tab: hand control to a waiting worker, or reload at once. Another tab may already have activated the
 * new worker (nothing waits any more, or this tab's controller changed under it): waiting for a takeover that already
 * happened left the prompt gone and the page on its old code.
 */
export function reloadStep(tab: { waiting: boolean; controllerChanged: boolean }): 'reload-now' | 'hand-over' {
  return tab.waiting && !tab.controllerChanged ? 'hand-over' : 'reload-now'
}

/** Words the browsers use when a module or a preloaded file of a lazy import cannot be fetched. */
const STALE_CHUNK = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/** A route's code that the running version names but the server (and the new worker) no longer have. */
export function isStaleChunkError(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK.test(error.message)
}

/** At most one automatic reload per minute: a chunk still missing after it must not reload the tab in a loop. */
export const STALE_RELOAD_GAP_MS = 60_000

/**
 * A missing route chunk: reload once to take the new version (a reload loses nothing saved, unsent changes are in
 * IndexedDB), or explain. A reload cannot help a second time within the gap, nor offline without a worker to answer it.
 */
export function staleChunkStep(tab: { now: number; lastReloadAt: number | null; online: boolean; controlled: boolean }): 'reload' | 'explain' {
  if (!tab.online && !tab.controlled) return 'explain'
  if (tab.lastReloadAt !== null && tab.now - tab.lastReloadAt >= 0 && tab.now - tab.lastReloadAt < STALE_RELOAD_GAP_MS) return 'explain'
  return 'reload'
}
