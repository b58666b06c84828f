// Owns the owner's profile as the dashboard shell shows it, reloaded whenever the tab changes (spec section 2).
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { fetchProfileSummary, type ProfileSummary } from '../../api/profiles.ts'

export type ProfileState =
  | { status: 'loading'; profile: ProfileSummary | null }
  | { status: 'loaded'; profile: ProfileSummary }
  | { status: 'error'; profile: ProfileSummary | null; message: string }

export function useProfileSummary(reloadKey: string): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading', profile: null })
  useEffect(() => {
    const controller = new AbortController()
    // The last profile stays on screen while the new one loads, so a tab switch does not flash a skeleton.
    setState((previous) => ({ status: 'loading', profile: previous.profile }))
    fetchProfileSummary(controller.signal).then(
      (profile) => setState({ status: 'loaded', profile }),
      (err: unknown) => {
        if (controller.signal.aborted) return
        const message = err instanceof ApiError ? err.message : 'Failed to load profile'
        setState((previous) => ({ status: 'error', profile: previous.profile, message }))
      },
    )
    return () => controller.abort()
  }, [reloadKey])
  return state
}
