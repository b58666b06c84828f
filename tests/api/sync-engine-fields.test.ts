// Forms send only what the owner changed: two devices editing other fields of one item or profile never overwrite each other.
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { toProfileSettings, toSettingsValues } from '../../src/features/profile-settings/settings-values.ts'
import { toProductFormValues, type ProductFormValues } from '../../src/features/wishlist/product-form-values.ts'
import { saveProduct } from '../../src/features/wishlist/save-product.ts'
import type { OwnerDatabase } from '../../src/local/db.ts'
import { itemQuery, profileQuery } from '../../src/local/queries.ts'
import { updateProfileSettings } from '../../src/local/writes.ts'
import type { Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem as createItemOnServer, signUpOwner, validItem } from './owner-helpers.ts'
import { twoSyncedDevices } from './push-faults.ts'

describeEachDatabase('only changed fields travel', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  /** What the product form does: open on the local row, change some fields, Save. */
  async function editInForm(db: OwnerDatabase, id: string, change: (opened: ProductFormValues) => ProductFormValues) {
    const opened = toProductFormValues(await itemQuery(db, id))
    const outcome = await saveProduct(db, id, change(opened), null, opened)
    expect(outcome).toMatchObject({ ok: true })
  }

  /** What the settings form does: open on the local profile, change some fields, Save. */
  async function saveSettings(device: Device, change: (opened: ReturnType<typeof toSettingsValues>) => ReturnType<typeof toSettingsValues>) {
    const profile = await profileQuery(device.db)
    if (!profile) throw new Error('no local profile')
    const opened = toSettingsValues(profile)
    await updateProfileSettings(device.db, toProfileSettings(change(opened), opened))
  }

  const pick = (item: { name: string; brand: string; price: number; description: string } | undefined) =>
    item && { name: item.name, brand: item.brand, price: item.price, description: validItem().description }

  it('A renames an item offline while B changes its price: both changes survive, on the server and on both devices', async () => {
    const owner = await signUpOwner(t, 'fields')
    const item = await createItemOnServer(t, owner, { name: 'Kite', price: 20, brand: 'Sky' })
    const { a, b } = await twoSyncedDevices(t, owner)

    await editInForm(a.db, item.id, (opened) => ({ ...opened, name: 'Red kite' }))
    await editInForm(b.db, item.id, (opened) => ({ ...opened, price: 35 }))
    expect(await b.engine.syncOnce()).toBe('synced')
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await b.engine.syncOnce()).toBe('synced')

    const expected = { name: 'Red kite', brand: 'Sky', price: 35, description: validItem().description }
    expect(pick((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json)).toEqual(expected)
    expect(pick(await itemQuery(a.db, item.id))).toEqual(expected)
    expect(pick(await itemQuery(b.db, item.id))).toEqual(expected)
  })

  it('B switches the profile off; A, stale, edits the description: the profile stays off everywhere', async () => {
    const owner = await signUpOwner(t, 'fields')
    const { a, b } = await twoSyncedDevices(t, owner)

    await saveSettings(b, (opened) => ({ ...opened, isPublic: false }))
    expect(await b.engine.syncOnce()).toBe('synced')
    // A has not pulled since: its form still shows the switch on.
    await saveSettings(a, (opened) => ({ ...opened, description: 'Written on the stale device' }))
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await b.engine.syncOnce()).toBe('synced')

    const own = (await t.request('GET', '/api/profiles', { token: owner.token })).json
    expect(own).toMatchObject({ isPublic: false, description: 'Written on the stale device' })
    expect((await t.request('GET', `/api/profiles/${owner.shareableId}`)).status).toBe(404)
    for (const device of [a, b]) {
      expect(await profileQuery(device.db)).toMatchObject({ isPublic: false, description: 'Written on the stale device' })
    }
  })

  it('repeated edits of one item before a sync are one operation with only the changed fields; another device keeps its field', async () => {
    const owner = await signUpOwner(t, 'fields')
    const item = await createItemOnServer(t, owner, { name: 'Kite', price: 20, brand: 'Sky' })
    const { a, b, faults } = await twoSyncedDevices(t, owner)

    await editInForm(a.db, item.id, (opened) => ({ ...opened, name: 'Red kite' }))
    await editInForm(a.db, item.id, (opened) => ({ ...opened, price: 22 }))
    await editInForm(a.db, item.id, (opened) => ({ ...opened, name: 'Blue kite' }))
    const entries = await a.db.outbox.toArray()
    expect(entries.map((entry) => entry.body)).toEqual([{ name: 'Blue kite', price: 22 }])

    await editInForm(b.db, item.id, (opened) => ({ ...opened, brand: 'Cloud' }))
    expect(await b.engine.syncOnce()).toBe('synced')
    const before = faults.executed.length
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(faults.executed.slice(before).map((op) => `${op.method} ${op.path} ${op.status}`)).toEqual([`PUT /api/wishlist-items/${item.id} 200`])
    expect(await b.engine.syncOnce()).toBe('synced')

    const expected = { name: 'Blue kite', brand: 'Cloud', price: 22, description: validItem().description }
    expect(pick((await t.request('GET', `/api/wishlist-items/${item.id}`, { token: owner.token })).json)).toEqual(expected)
    expect(pick(await itemQuery(a.db, item.id))).toEqual(expected)
    expect(pick(await itemQuery(b.db, item.id))).toEqual(expected)
  })
})
