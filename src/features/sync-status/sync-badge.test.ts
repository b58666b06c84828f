import { describe, expect, it } from 'vitest'
import { badgeAccessibleName, badgeLook } from './sync-badge.ts'

describe('sync badge look', () => {
  const cases = [
    { state: 'offline' as const, failedCount: 0, expected: { color: 'gray', icon: 'offline' } },
    { state: 'offline' as const, failedCount: 2, expected: { color: 'gray', icon: 'offline' } },
    { state: 'syncing' as const, failedCount: 0, expected: { color: 'blue', icon: 'syncing' } },
    { state: 'pending' as const, failedCount: 0, expected: { color: 'yellow', icon: 'cloud' } },
    { state: 'synced' as const, failedCount: 0, expected: { color: 'green', icon: 'cloud' } },
    { state: 'synced' as const, failedCount: 1, expected: { color: 'red', icon: 'cloud' } },
    { state: 'never-synced' as const, failedCount: 0, expected: { color: 'gray', icon: 'cloud' } },
  ]
  for (const { state, failedCount, expected } of cases) {
    it(`${state} with ${failedCount} failed -> ${expected.color}`, () => expect(badgeLook({ state, failedCount })).toEqual(expected))
  }

  it('the accessible name says how many things need the owner', () => {
    expect(badgeAccessibleName({ label: '2 pending', failedCount: 0 }, 0)).toBe('Sync status: 2 pending')
    expect(badgeAccessibleName({ label: 'Synced at 10:15', failedCount: 1 }, 2)).toBe('Sync status: Synced at 10:15, 3 need attention')
  })
})
