// A refused change fixed by a later edit (decision 199): a profile save or a new product; the fix is folded into the refusal and reaches the server.
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { emptyRow, withUrl } from '../../src/features/profile-settings/social-link-rows.ts'
import { toProfileSettings, toSettingsValues, type SettingsValues } from '../../src/features/profile-settings/settings-values.ts'
import { PROFILE_MESSAGES } from '../../src/contract/profile.ts'
import { saveProduct } from '../../src/features/wishlist/save-product.ts'
import { toProductFormValues } from '../../src/features/wishlist/product-form-values.ts'
import { failedOutboxEntries, itemQuery, pendingOutboxCount, profileQuery } from '../../src/local/queries.ts'
import { updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice, type Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'
import { pushFaultInjector } from './push-faults.ts'
import { fixture } from './upload-helpers.ts'

describeEachDatabase('a later edit fixes a refused save', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  const linkList = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ platform: 'Web', url: `https://example.test/${from + i}` }))

  async function editSettings(device: Device, change: (values: SettingsValues) => SettingsValues) {
    const profile = await profileQuery(device.db)
    if (!profile) throw new Error('no local profile')
    const opened = toSettingsValues(profile)
    await updateProfileSettings(device.db, toProfileSettings(change(opened), opened))
  }

  it("bio and 5 links saved offline, refused at 33 links; removing 3 sends bio and links at once: the server has bio and 30", async () => {
    const owner = await signUpOwner(t, 'fix')
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { description: '', socialLinks: linkList(1, 20) } })).status).toBe(200)
    const { fetch } = pushFaultInjector(t)
    const a = await createDevice({ fetch, tokens: owner })
    expect(await a.engine.syncOnce()).toBe('synced')

    const added = linkList(101, 5).map((link) => withUrl(emptyRow(link.platform), link.url))
    await editSettings(a, (values) => ({ ...values, description: 'My offline bio', socialLinks: [...values.socialLinks, ...added] }))
    const server = (await t.request('GET', '/api/profiles', { token: owner.token })).json
    const others = [...server.socialLinks.map(({ platform, url }: { platform: string; url: string }) => ({ platform, url })), ...linkList(201, 8)]
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinks: others } })).status).toBe(200)
    await a.engine.syncOnce()
    expect((await failedOutboxEntries(a.db)).map((entry) => entry.error)).toEqual([PROFILE_MESSAGES.socialLinksMax])

    await editSettings(a, (values) => ({ ...values, socialLinks: values.socialLinks.slice(3) }))
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await failedOutboxEntries(a.db)).toEqual([])
    expect(await pendingOutboxCount(a.db)).toBe(0)
    const after = (await t.request('GET', '/api/profiles', { token: owner.token })).json
    expect(after.description).toBe('My offline bio')
    expect(after.socialLinks).toHaveLength(30)
    expect(after.socialLinks.map((link: { url: string }) => link.url)).toEqual(expect.arrayContaining(linkList(101, 5).map((link) => link.url)))
  })

  it('a new product with its photo, refused: editing it in the form sends the create again with the edit, and the photo follows', async () => {
    const owner = await signUpOwner(t, 'fixcreate')
    const faults = pushFaultInjector(t)
    const a = await createDevice({ fetch: faults.fetch, tokens: owner })
    expect(await a.engine.syncOnce()).toBe('synced')
    const values = { ...toProductFormValues(undefined), name: 'Kite', price: '20', brand: 'Sky', description: 'A red kite' }
    const saved = await saveProduct(a.db, undefined, values, new Blob([fixture('small.png')], { type: 'image/png' }))
    const id = saved.ok ? saved.id : ''
    faults.next({ 0: { fail: 422 } })
    await a.engine.syncOnce()
    expect(await failedOutboxEntries(a.db)).toEqual([expect.objectContaining({ summary: 'New product: Kite', error: 'Injected failure' })])
    const server = async () => (await t.request('GET', '/api/profiles', { token: owner.token })).json.wishlist as { id: string; name: string; storedImageId: string | null }[]
    expect(await server()).toEqual([])

    const opened = toProductFormValues(await itemQuery(a.db, id))
    expect(await saveProduct(a.db, id, { ...opened, name: 'Red kite' }, null, opened)).toMatchObject({ ok: true })
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await failedOutboxEntries(a.db)).toEqual([])
    expect(await pendingOutboxCount(a.db)).toBe(0)
    expect(await server()).toEqual([expect.objectContaining({ id, name: 'Red kite', storedImageId: expect.any(String) })])
  })
})
