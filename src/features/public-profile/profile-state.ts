// Owns the visitor page's load state: what an embedded copy, a fetch result or a failed refresh turns it into.
import type { ProfileFetch, VisitorProfile } from './load-profile.ts'

export type ProfileLoadState =
  | { status: 'loading' }
  | { status: 'error'; reason: 'missing-id' | 'failed' }
  | { status: 'loaded'; profile: VisitorProfile; savedCopyAt: Date | null }

/** Before any fetch: no id is an error at once; an embedded copy shows at once; otherwise the skeleton. */
export function initialLoadState(id: string | undefined, embedded: VisitorProfile | null): ProfileLoadState {
  if (!id) return { status: 'error', reason: 'missing-id' }
  return embedded ? { status: 'loaded', profile: embedded, savedCopyAt: null } : { status: 'loading' }
}

/**
 * A fetch result applied to the current state. A 404 always wins (the owner switched the profile off); a failed
 * background refresh keeps what is on screen, since the visitor is better served by the copy they already have.
 */
export function applyFetch(state: ProfileLoadState, result: ProfileFetch): ProfileLoadState {
  switch (result.kind) {
    case 'loaded':
      return { status: 'loaded', profile: result.profile, savedCopyAt: result.savedCopyAt }
    case 'not-found':
      return { status: 'error', reason: 'failed' }
    case 'failed':
      return state.status === 'loaded' ? state : { status: 'error', reason: 'failed' }
  }
}
