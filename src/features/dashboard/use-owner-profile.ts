// Owns the owner's profile as the dashboard shell shows it: the local copy, or the server's summary before the first sync.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { fetchProfileSummary, type ProfileSummary } from '../../api/profiles.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { profileQuery } from '../../local/queries.ts'

export type OwnerProfile = Pick<ProfileSummary, 'username' | 'shareableId'>

export type OwnerProfileState =
  | { status: 'loading'; profile: OwnerProfile | null }
  | { status: 'loaded'; profile: OwnerProfile }
  | { status: 'error'; profile: null; message: string }

/**
 * The local profile wins as soon as it exists (it follows every sync). Until then, e.g. right after sign-up, the
 * GET /api/profiles summary fills in, asked again on each `reloadKey` (the tab) while the local copy is missing.
 */
export function useOwnerProfile(db: OwnerDatabase, reloadKey: string): OwnerProfileState {
  // Wrapped in an object because useLiveQuery reports "still reading" as undefined, which a missing row also is.
  const local = useLiveQuery(async () => ({ profile: (await profileQuery(db)) ?? null }), [db])
  const localMissing = local !== undefined && local.profile === null
  const [remote, setRemote] = useState<{ profile: ProfileSummary | null; error: string | null }>({ profile: null, error: null })

  useEffect(() => {
    if (!localMissing) return
    const controller = new AbortController()
    fetchProfileSummary(controller.signal).then(
      (profile) => setRemote({ profile, error: null }),
      (err: unknown) => {
        if (controller.signal.aborted) return
        setRemote((previous) => ({ ...previous, error: err instanceof ApiError ? err.message : 'Failed to load profile' }))
      },
    )
    return () => controller.abort()
  }, [localMissing, reloadKey])

  if (local?.profile) return { status: 'loaded', profile: local.profile }
  if (remote.profile) return { status: 'loaded', profile: remote.profile }
  if (localMissing && remote.error) return { status: 'error', profile: null, message: remote.error }
  return { status: 'loading', profile: null }
}
