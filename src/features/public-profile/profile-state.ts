// Owns the visitor page's load state: what an embedded copy, a fetch result or a failed refresh turns it into.
import type { ProfileFetch, VisitorProfile } from './load-profile.ts'

/** 'not-available': missing or switched off (one 404 for both); 'offline': never saved here and no connection. */
export type ProfileErrorReason = 'missing-id' | 'not-available' | 'offline' | 'no-answer'

/** What the page says for each (issue 23: the Help Center's 'not available', network errors in words, never raw). */
export const PROFILE_ERROR_TEXTS: Record<ProfileErrorReason, { title: string; text: string }> = {
  'missing-id': { title: 'Error loading profile', text: 'No profile ID provided' },
  // One 404 for an address that never existed and a profile switched off, so nobody can probe which: both are said.
  'not-available': { title: 'Profile not available', text: 'This profile is not available. The address may be wrong, or its owner may have switched it off.' },
  offline: {
    title: 'No connection',
    text: 'This profile has not been saved on this device yet, so it needs a connection to open. Connect to the internet and it opens by itself.',
  },
  'no-answer': { title: 'The server did not answer', text: 'The profile could not be loaded just now. Please try again in a moment.' },
}

export type ProfileLoadState =
  | { status: 'loading' }
  | { status: 'error'; reason: ProfileErrorReason }
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
      return { status: 'error', reason: 'not-available' }
    case 'failed':
      if (state.status === 'loaded') return state
      return { status: 'error', reason: result.cause === 'network' ? 'offline' : 'no-answer' }
  }
}
