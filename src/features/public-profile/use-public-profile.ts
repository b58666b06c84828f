// Owns the visitor page's data lifecycle: embedded copy first, then a fetch that refreshes it, and reload on demand.
import { useCallback, useEffect, useState } from 'react'
import { fetchPublicProfile, type VisitorProfile } from './load-profile.ts'
import type { ProfileLoadState } from './profile-state.ts'
import { applyFetch, initialLoadState } from './profile-state.ts'
import { noteProfileOpened } from './scan-beacon.ts'

/** Mount under `key={id}`: the embedded copy counts once, for the id the page opened with. */
export function usePublicProfile(id: string | undefined, embedded: VisitorProfile | null): { state: ProfileLoadState; reload: () => void } {
  const [state, setState] = useState(() => initialLoadState(id, embedded))
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    // The server rendered this page from the copy it just read: asking again at once would only slow a phone down.
    if (!id || (generation === 0 && embedded)) return
    const controller = new AbortController()
    fetchPublicProfile(id, controller.signal).then(
      (result) => {
        // A page the service worker served was never counted by the server; it reports its own scan.
        noteProfileOpened(result)
        setState((current) => applyFetch(current, result))
      },
      // Only an abort rejects: the page left or asked again, and the newer request owns the state.
      () => undefined,
    )
    return () => controller.abort()
  }, [id, generation, embedded])

  const reload = useCallback(() => setGeneration((count) => count + 1), [])
  return { state, reload }
}
