// Owns the visitor page's data lifecycle: embedded copy first, then a fetch that refreshes it, and reload on demand.
import { useCallback, useEffect, useState } from 'react'
import { fetchPublicProfile, readEmbeddedProfile } from './load-profile.ts'
import type { ProfileLoadState } from './profile-state.ts'
import { applyFetch, initialLoadState } from './profile-state.ts'

/** Mount under `key={id}`: the embedded copy is read once, for the id the page opened with. */
export function usePublicProfile(id: string | undefined): { state: ProfileLoadState; reload: () => void } {
  const [state, setState] = useState(() => initialLoadState(id, id ? readEmbeddedProfile(id) : null))
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    fetchPublicProfile(id, controller.signal).then(
      (result) => setState((current) => applyFetch(current, result)),
      // Only an abort rejects: the page left or asked again, and the newer request owns the state.
      () => undefined,
    )
    return () => controller.abort()
  }, [id, generation])

  const reload = useCallback(() => setGeneration((count) => count + 1), [])
  return { state, reload }
}
