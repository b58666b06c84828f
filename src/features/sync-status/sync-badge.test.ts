import { describe, expect, it } from 'vitest'
import { badgeAccessibleName, badgeCount, badgeLook, badgeText, moodAnnouncement, syncMood } from './sync-badge.ts'

describe('sync badge look', () => {
  const cases = [
    { state: 'offline' as const, failedCount: 0, notices: 0, expected: { color: 'gray', icon: 'offline' } },
    { state: 'offline' as const, failedCount: 2, notices: 0, expected: { color: 'gray', icon: 'offline' } },
    { state: 'offline' as const, failedCount: 0, notices: 1, expected: { color: 'gray', icon: 'offline' } },
    { state: 'syncing' as const, failedCount: 0, notices: 0, expected: { color: 'blue', icon: 'syncing' } },
    { state: 'pending' as const, failedCount: 0, notices: 0, expected: { color: 'yellow', icon: 'cloud' } },
    { state: 'synced' as const, failedCount: 0, notices: 0, expected: { color: 'green', icon: 'cloud' } },
    { state: 'synced' as const, failedCount: 1, notices: 0, expected: { color: 'red', icon: 'cloud' } },
    // The tester's 'Gone X': a plain green cloud before; a notice to read is orange, with its own icon.
    { state: 'synced' as const, failedCount: 0, notices: 1, expected: { color: 'orange', icon: 'notice' } },
    { state: 'pending' as const, failedCount: 0, notices: 2, expected: { color: 'orange', icon: 'notice' } },
    { state: 'needs-you' as const, failedCount: 1, notices: 1, expected: { color: 'red', icon: 'cloud' } },
    { state: 'never-synced' as const, failedCount: 0, notices: 0, expected: { color: 'gray', icon: 'cloud' } },
  ]
  for (const { state, failedCount, notices, expected } of cases) {
    it(`${state} with ${failedCount} failed, ${notices} notices -> ${expected.color}`, () => expect(badgeLook({ state, failedCount }, notices)).toEqual(expected))
  }

  const counts = [
    { failedCount: 0, pending: 3, notices: 0, expected: 3 },
    { failedCount: 2, pending: 3, notices: 0, expected: 2 },
    { failedCount: 0, pending: 0, notices: 1, expected: 1 },
    { failedCount: 1, pending: 3, notices: 1, expected: 2 },
  ]
  for (const { failedCount, pending, notices, expected } of counts) {
    it(`count: ${failedCount} failed, ${pending} pending, ${notices} notices -> ${expected}`, () => expect(badgeCount({ failedCount }, pending, notices)).toBe(expected))
  }

  it('the accessible name says how many things need the owner', () => {
    expect(badgeAccessibleName({ label: '2 pending', failedCount: 0 }, 0)).toBe('Sync status: 2 pending')
    expect(badgeAccessibleName({ label: 'Synced at 10:15', failedCount: 1 }, 2)).toBe('Sync status: Synced at 10:15, 3 need attention')
  })

  it('the words beside the icon name failed changes and notices', () => {
    expect(badgeText({ label: 'Synced at 10:15', failedCount: 0 }, 0)).toBe('Synced at 10:15')
    expect(badgeText({ label: 'Needs you', failedCount: 1 }, 0)).toBe('Needs you · 1 failed')
    expect(badgeText({ label: 'Synced at 10:15', failedCount: 0 }, 1)).toBe('Synced at 10:15 · 1 notice')
  })
})

describe('sync state announcements', () => {
  it('says a change of state once, not a count that ticks', () => {
    expect(syncMood({ state: 'offline', failedCount: 1 })).toBe('offline')
    expect(syncMood({ state: 'needs-you', failedCount: 1 })).toBe('refused')
    expect(syncMood({ state: 'pending', failedCount: 0 })).toBe('online')
    expect(syncMood({ state: 'syncing', failedCount: 0 })).toBe('online')
    expect(moodAnnouncement(null, 'offline')).toBeNull()
    expect(moodAnnouncement('online', 'online')).toBeNull()
    expect(moodAnnouncement('online', 'offline')).toBe('Offline: changes are kept on this device')
    expect(moodAnnouncement('offline', 'online')).toBe('Back online: changes are sent')
    expect(moodAnnouncement('online', 'refused')).toBe('A change was refused: open the sync status')
    expect(moodAnnouncement('offline', 'refused')).toBe('A change was refused: open the sync status')
    expect(moodAnnouncement('refused', 'online')).toBeNull()
  })
})
