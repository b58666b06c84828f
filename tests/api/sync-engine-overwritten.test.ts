// Two devices write one field: the device whose value lost is told, its own echo and untouched fields say nothing (decision 201).
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { noticesQuery } from '../../src/local/queries.ts'
import { updateItem, updateProfileSettings } from '../../src/local/writes.ts'
import type { Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem as createItemOnServer, signUpOwner } from './owner-helpers.ts'
import { twoSyncedDevices } from './push-faults.ts'

describeEachDatabase('a field overwritten by another device is said on the device whose value lost', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  const said = async (device: Device) => (await noticesQuery(device.db)).map((notice) => notice.message)

  it('A sets the price, B sets it after: A is told once, B (the winner) and the echoes say nothing', async () => {
    const owner = await signUpOwner(t, 'overwritten')
    const item = await createItemOnServer(t, owner, { name: 'Camera', price: 100 })
    const { a, b } = await twoSyncedDevices(t, owner)

    await updateItem(a.db, item.id, { price: 110 })
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toEqual([])
    await updateItem(b.db, item.id, { price: 120, brand: 'Nikon' })
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toEqual(["'Camera' — Price was changed on another device (now €120.00)."])
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toHaveLength(1)
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await said(b)).toEqual([])
  })

  it('B wrote first and pulled its echo; A, offline, wrote later and wins: B is told, A is not', async () => {
    const owner = await signUpOwner(t, 'overwritten')
    const item = await createItemOnServer(t, owner, { name: 'Camera', price: 100 })
    const { a, b } = await twoSyncedDevices(t, owner)

    await updateItem(a.db, item.id, { price: 90, name: 'Camera body' })
    await updateItem(b.db, item.id, { price: 120 })
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toEqual([])
    expect(await b.engine.syncOnce()).toBe('synced')
    // The name B never wrote is an ordinary pull: only the price is said.
    expect(await said(b)).toEqual(["'Camera body' — Price was changed on another device (now €90.00)."])
  })

  it('the profile: a description written on both devices is said on the one that lost', async () => {
    const owner = await signUpOwner(t, 'overwritten')
    const { a, b } = await twoSyncedDevices(t, owner)
    await updateProfileSettings(a.db, { description: 'From the phone' })
    expect(await a.engine.syncOnce()).toBe('synced')
    await updateProfileSettings(b.db, { description: 'From the laptop', contactInfo: 'laptop@example.test' })
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toEqual(["Your profile — Description was changed on another device (now 'From the laptop')."])
  })

  it('a write whose answer was lost, acknowledged on the next pass, is its own echo: nothing is said', async () => {
    const owner = await signUpOwner(t, 'overwritten')
    const item = await createItemOnServer(t, owner, { name: 'Camera', price: 100 })
    const { a, faults } = await twoSyncedDevices(t, owner)
    await updateItem(a.db, item.id, { price: 130 })
    faults.next({ 0: { loseAnswer: 'after' } })
    expect(await a.engine.syncOnce()).toBe('retry-later')
    await faults.settled()
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await said(a)).toEqual([])
    expect(await a.db.outbox.count()).toBe(0)
  })
})
