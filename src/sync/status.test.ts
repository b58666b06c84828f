import { describe, expect, it } from 'vitest'
import type { LocalSyncStatus } from '../local/queries.ts'
import { describeSyncStatus, stateWhileRunning, unsyncedChangesWarning } from './status.ts'

const status = (overrides: Partial<LocalSyncStatus> = {}): LocalSyncStatus => ({
  pendingCount: 0,
  failed: [],
  lastSyncedAt: undefined,
  syncState: { phase: 'idle', message: null },
  notices: [],
  ...overrides,
})

const failedEntry = { seq: 1, summary: 'Profile settings', error: 'Nope', createdAt: '', loses: 'Description', waitingBehind: 0, retriedAt: null, fixIn: null }

describe('describeSyncStatus', () => {
  const table: [name: string, input: LocalSyncStatus, online: boolean, label: string][] = [
    ['offline with nothing pending', status(), false, 'Offline'],
    ['offline with 3 pending', status({ pendingCount: 3 }), false, 'Offline · 3 pending'],
    ['syncing with 3 pending', status({ pendingCount: 3, syncState: { phase: 'syncing', message: null } }), true, 'Syncing… · 3 pending'],
    ['syncing with nothing to send (a pull)', status({ syncState: { phase: 'syncing', message: null } }), true, 'Syncing…'],
    ['waiting to retry with 2 pending', status({ pendingCount: 2, syncState: { phase: 'waiting', message: '502' } }), true, 'Waiting for the server · 2 pending'],
    ['2 pending, none waiting for the owner', status({ pendingCount: 2 }), true, '2 pending'],
    ['a refused change and 2 pending behind it', status({ pendingCount: 2, failed: [failedEntry] }), true, 'Needs you · 2 pending'],
    ['a refused change while waiting for the network', status({ failed: [failedEntry], syncState: { phase: 'waiting', message: '502' } }), true, 'Needs you'],
    ['synced', status({ lastSyncedAt: '2030-01-01T09:05:00.000Z' }), true, `Synced at ${new Date('2030-01-01T09:05:00.000Z').toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`],
    ['never synced', status(), true, 'Not synced yet'],
  ]
  for (const [name, input, online, label] of table) {
    it(`${name}: '${label}'`, () => expect(describeSyncStatus(input, online, 'en-GB').label).toBe(label))
  }

  it('counts failed entries for the Retry/Discard list', () => {
    expect(describeSyncStatus(status({ failed: [failedEntry] }), true).failedCount).toBe(1)
  })

  it("tells 'waiting for the network' apart from 'needs you'", () => {
    expect(describeSyncStatus(status({ pendingCount: 1, syncState: { phase: 'waiting', message: '503' } }), true).state).toBe('waiting')
    expect(describeSyncStatus(status({ pendingCount: 1, failed: [failedEntry], syncState: { phase: 'waiting', message: '503' } }), true).state).toBe('needs-you')
  })
})

describe('the state a pass shows while it runs', () => {
  const table: [name: string, previous: LocalSyncStatus['syncState'] | undefined, expected: LocalSyncStatus['syncState']][] = [
    ['first pass', undefined, { phase: 'syncing', message: null }],
    ['after a synced pass', { phase: 'idle', message: null }, { phase: 'syncing', message: null }],
    // The frozen server: the attempt after a timeout still says it is waiting, and why, until an answer comes.
    ['after no answer', { phase: 'waiting', message: 'The server did not answer' }, { phase: 'waiting', message: 'The server did not answer' }],
  ]
  for (const [name, previous, expected] of table) {
    it(name, () => expect(stateWhileRunning(previous)).toEqual(expected))
  }
})

describe('logout warning', () => {
  it("warns 'You have N changes that are not synced yet'", () => {
    expect(unsyncedChangesWarning(0)).toBeUndefined()
    expect(unsyncedChangesWarning(1)).toBe('You have 1 change that is not synced yet')
    expect(unsyncedChangesWarning(4)).toBe('You have 4 changes that are not synced yet')
  })
})
