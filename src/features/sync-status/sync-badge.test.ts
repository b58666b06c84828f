import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabase, sampleItemFields, seedProfile } from '../../local/testing.ts'
import { createItem, removeProfilePhoto } from '../../local/writes.ts'
import { syncBadge, unsyncedChangeCount, unsyncedChangesMessage } from './sync-badge.ts'

const idle = { phase: 'idle' as const, message: null }
const time = (iso: string) => iso.slice(11, 16)

describe("the sync badge: 'Offline' / 'Syncing' / '{N} pending' / 'Synced at {time}'", () => {
  const cases = [
    { name: 'offline wins over everything', input: { online: false, pendingCount: 3, syncState: { phase: 'syncing' as const, message: null }, lastSyncedAt: undefined }, label: 'Offline' },
    { name: 'a running pass shows Syncing', input: { online: true, pendingCount: 3, syncState: { phase: 'syncing' as const, message: null }, lastSyncedAt: undefined }, label: 'Syncing' },
    { name: 'waiting entries show their count', input: { online: true, pendingCount: 2, syncState: idle, lastSyncedAt: '2025-05-01T10:15:00.000Z' }, label: '2 pending' },
    { name: 'a backoff wait still shows what is pending', input: { online: true, pendingCount: 1, syncState: { phase: 'waiting' as const, message: 'Network error' }, lastSyncedAt: undefined }, label: '1 pending' },
    { name: 'nothing pending shows the last sync time', input: { online: true, pendingCount: 0, syncState: idle, lastSyncedAt: '2025-05-01T10:15:00.000Z' }, label: 'Synced at 10:15' },
    { name: 'never synced and nothing pending', input: { online: true, pendingCount: 0, syncState: idle, lastSyncedAt: undefined }, label: 'Not synced yet' },
  ]
  for (const { name, input, label } of cases) {
    it(name, () => expect(syncBadge(input, time).label).toBe(label))
  }
})

describe("logout warning: 'You have N changes that are not synced yet'", () => {
  it('counts for the text', () => {
    expect([unsyncedChangesMessage(1), unsyncedChangesMessage(4)]).toEqual([
      'You have 1 change that is not synced yet',
      'You have 4 changes that are not synced yet',
    ])
  })

  it("counts pending and failed entries, but not the old-photo cleanup whose failure is ignored", async () => {
    const db = freshDatabase('sync-status')
    await seedProfile(db, { profileImageId: '11111111-1111-4111-8111-111111111111' })
    await createItem(db, sampleItemFields())
    await removeProfilePhoto(db)
    const [first] = await db.outbox.toArray()
    await db.outbox.update(first?.seq ?? 0, { status: 'failed' })
    expect(await db.outbox.count()).toBe(3)
    expect(await unsyncedChangeCount(db)).toBe(2)
  })
})
