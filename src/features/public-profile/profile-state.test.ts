import { describe, expect, it } from 'vitest'
import type { ProfileFetch } from './load-profile.ts'
import type { ProfileLoadState } from './profile-state.ts'
import { applyFetch, initialLoadState } from './profile-state.ts'
import { sampleProfile } from './test-profile.ts'

const embedded = sampleProfile({ description: 'embedded' })
const fresh = sampleProfile({ description: 'fresh' })
const savedAt = new Date('2025-01-15T09:30:00Z')

describe('initialLoadState', () => {
  it.each<[string, string | undefined, typeof embedded | null, ProfileLoadState]>([
    ["shows 'No profile ID provided' without an id", undefined, null, { status: 'error', reason: 'missing-id' }],
    ['shows the skeleton without an embedded copy', 'aB3dE5gH', null, { status: 'loading' }],
    ['shows the embedded copy at once', 'aB3dE5gH', embedded, { status: 'loaded', profile: embedded, savedCopyAt: null }],
  ])('%s', (_, id, copy, expected) => {
    expect(initialLoadState(id, copy)).toEqual(expected)
  })
})

describe('applyFetch', () => {
  const loading: ProfileLoadState = { status: 'loading' }
  const showing: ProfileLoadState = { status: 'loaded', profile: embedded, savedCopyAt: null }
  const loaded: ProfileFetch = { kind: 'loaded', profile: fresh, savedCopyAt: savedAt }
  it.each<[string, ProfileLoadState, ProfileFetch, ProfileLoadState]>([
    ['a loaded profile replaces the skeleton', loading, loaded, { status: 'loaded', profile: fresh, savedCopyAt: savedAt }],
    ['a loaded profile refreshes the embedded copy', showing, loaded, { status: 'loaded', profile: fresh, savedCopyAt: savedAt }],
    ["a 404 is 'not available'", loading, { kind: 'not-found' }, { status: 'error', reason: 'not-available' }],
    ['a 404 wins over the embedded copy (switched off)', showing, { kind: 'not-found' }, { status: 'error', reason: 'not-available' }],
    ['no answer with nothing shown needs a connection', loading, { kind: 'failed', cause: 'network' }, { status: 'error', reason: 'offline' }],
    ['a server error with nothing shown says the server did not answer', loading, { kind: 'failed', cause: 'server' }, { status: 'error', reason: 'no-answer' }],
    ['a failed refresh keeps what is shown', showing, { kind: 'failed', cause: 'network' }, showing],
  ])('%s', (_, state, result, expected) => {
    expect(applyFetch(state, result)).toEqual(expected)
  })
})
