import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { readMeta, writeMeta } from './meta.ts'
import { claimUnlessUnsent, decideOwnerSwitch, discardOtherOwnerFor, readPendingOwnerSwitch, type OwnerSwitchDecision, type OwnerSwitchInput } from './owner-switch.ts'
import { freshDatabase, sampleItemFields, seedProfile } from './testing.ts'
import { createItem, updateItem } from './writes.ts'

describe('decideOwnerSwitch: what a sign-in does to the local data', () => {
  const cases: Array<[string, OwnerSwitchInput, OwnerSwitchDecision]> = [
    ['the same owner keeps everything', { localOwnerId: 'alice', unsentCount: 3, newOwnerId: 'alice' }, 'keep'],
    ['the same owner with nothing unsent keeps too', { localOwnerId: 'alice', unsentCount: 0, newOwnerId: 'alice' }, 'keep'],
    ['a fresh or logged-out device is claimed', { localOwnerId: undefined, unsentCount: 0, newOwnerId: 'bob' }, 'claim'],
    ['another owner with nothing unsent is claimed as before', { localOwnerId: 'alice', unsentCount: 0, newOwnerId: 'bob' }, 'claim'],
    ['another owner with unsent changes is asked', { localOwnerId: 'alice', unsentCount: 3, newOwnerId: 'bob' }, 'ask'],
    ['one unsent (or failed) change is enough to ask', { localOwnerId: 'alice', unsentCount: 1, newOwnerId: 'bob' }, 'ask'],
  ]
  it.each(cases)('%s', (_name, input, expected) => {
    expect(decideOwnerSwitch(input)).toBe(expected)
  })
})

async function aliceWithUnsentChanges() {
  const db = freshDatabase('owner-switch')
  await writeMeta(db, 'owner', { userId: 'alice-id' })
  await seedProfile(db, { username: 'alice' })
  const id = await createItem(db, sampleItemFields())
  await db.outbox.toCollection().modify({ sent: true })
  await updateItem(db, id, sampleItemFields('Red bike'))
  await db.outbox.toCollection().first((entry) => db.outbox.update(entry!.seq!, { status: 'failed' }))
  return db
}

describe('another owner signing in on a device with unsent changes', () => {
  it('keeps everything and names whose changes they are, pending and failed counted', async () => {
    const db = await aliceWithUnsentChanges()
    expect(await claimUnlessUnsent(db, 'bob-id')).toBe('asked-other-owner')
    expect(await db.outbox.count()).toBe(2)
    expect((await readMeta(db, 'owner'))?.userId).toBe('alice-id')
    expect(await readPendingOwnerSwitch(db, 'bob-id')).toEqual({ userId: 'alice-id', username: 'alice', unsentCount: 2, failedCount: 1 })
  })

  it('the first owner signing back in keeps the changes', async () => {
    const db = await aliceWithUnsentChanges()
    await claimUnlessUnsent(db, 'bob-id')
    expect(await claimUnlessUnsent(db, 'alice-id')).toBe('same-user')
    expect(await db.outbox.count()).toBe(2)
    expect(await readPendingOwnerSwitch(db, 'alice-id')).toBeUndefined()
  })

  it('a confirmed discard claims the device for the newcomer, only while the named owner still holds it', async () => {
    const db = await aliceWithUnsentChanges()
    expect(await discardOtherOwnerFor(db, 'bob-id', 'carol-id')).toBe(false)
    expect(await db.outbox.count()).toBe(2)
    expect(await discardOtherOwnerFor(db, 'bob-id', 'alice-id')).toBe(true)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.profile.count()).toBe(0)
    expect((await readMeta(db, 'owner'))?.userId).toBe('bob-id')
  })

  it('with nothing unsent, another owner claims the device as before', async () => {
    const db = freshDatabase('owner-switch')
    await writeMeta(db, 'owner', { userId: 'alice-id' })
    await seedProfile(db, { username: 'alice' })
    expect(await claimUnlessUnsent(db, 'bob-id')).toBe('wiped-other-user')
    expect(await db.profile.count()).toBe(0)
  })
})
