// Owns when the settings page gives up on the local profile: only after the first sync attempt has ended without one.
import type { LocalProfile } from '../../local/db.ts'
import type { MetaValue } from '../../local/meta.ts'

export type ProfileLoad = { status: 'loading' } | { status: 'loaded'; profile: LocalProfile } | { status: 'failed' }

/**
 * `syncState` is undefined until the sync engine first runs. While it has not run, or runs now, the profile may
 * still arrive; once a pass has ended (synced, offline or refused) and no profile is stored, loading failed.
 */
export function profileLoad(profile: LocalProfile | null, syncState: MetaValue<'syncState'> | null): ProfileLoad {
  if (profile) return { status: 'loaded', profile }
  if (!syncState || syncState.phase === 'syncing') return { status: 'loading' }
  return { status: 'failed' }
}
