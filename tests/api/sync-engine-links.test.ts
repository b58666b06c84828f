// Social links merge link by link (issue 25, decision 157): two devices adding, editing or removing different links all survive.
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { emptyRow, withUrl } from '../../src/features/profile-settings/social-link-rows.ts'
import { savedSettingsValues, toProfileSettings, toSettingsValues, type SettingsValues } from '../../src/features/profile-settings/settings-values.ts'
import { profileQuery } from '../../src/local/queries.ts'
import { updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice, type Device } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, type Owner } from './owner-helpers.ts'
import { pushFaultInjector } from './push-faults.ts'

describeEachDatabase('social links merge link by link', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  async function ownerWithLinks(links: { platform: string; url: string }[]) {
    const owner = await signUpOwner(t, 'links')
    if (links.length > 0) expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinks: links } })).status).toBe(200)
    const login = await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    const { fetch } = pushFaultInjector(t)
    const a = await createDevice({ fetch, tokens: owner })
    const b = await createDevice({ fetch, tokens: login.json })
    expect(await a.engine.syncOnce()).toBe('synced')
    expect(await b.engine.syncOnce()).toBe('synced')
    return { owner, a, b }
  }

  /** What the settings form does: open on the local profile, change the link rows, Save. */
  async function editLinks(device: Device, change: (rows: SettingsValues['socialLinks']) => SettingsValues['socialLinks']) {
    const profile = await profileQuery(device.db)
    if (!profile) throw new Error('no local profile')
    const opened = toSettingsValues(profile)
    await updateProfileSettings(device.db, toProfileSettings({ ...opened, socialLinks: change(opened.socialLinks) }, opened))
  }
  const added = (url: string) => (rows: SettingsValues['socialLinks']) => [...rows, withUrl(emptyRow(), url)]

  /** The links' addresses on the server and on every device, in order (the same on each). */
  async function linksEverywhere(owner: Owner, devices: Device[]) {
    const show = (links: { url: string }[]) => links.map((link) => link.url)
    const server = show((await t.request('GET', '/api/profiles', { token: owner.token })).json.socialLinks)
    for (const device of devices) expect(show((await profileQuery(device.db))?.socialLinks ?? [])).toEqual(server)
    return server
  }

  async function syncAll(...devices: Device[]) {
    for (const device of devices) expect(await device.engine.syncOnce()).toBe('synced')
  }

  it('A adds Instagram offline, B adds GitHub and syncs, A syncs: both links survive, in the order they reached the server', async () => {
    const { owner, a, b } = await ownerWithLinks([])
    await editLinks(a, added('https://instagram.com/ann'))
    await editLinks(b, added('https://github.com/ann'))
    await syncAll(b, a, b)
    expect(await linksEverywhere(owner, [a, b])).toEqual(['https://github.com/ann', 'https://instagram.com/ann'])
  })

  it('one open form, two Saves: a link added and saved, then corrected, and a stored one removed: the server has the correction and not the removed link', async () => {
    const { owner, a } = await ownerWithLinks([
      { platform: 'Web', url: 'https://example.test/keep' },
      { platform: 'Web', url: 'https://example.test/drop' },
    ])
    const profile = await profileQuery(a.db)
    if (!profile) throw new Error('no local profile')
    const opened = toSettingsValues(profile)
    const first = { ...opened, socialLinks: [...opened.socialLinks, withUrl(emptyRow(), 'https://instagram.com/anm')] }
    // What the form holds after its Save (the page's own step): the baseline of the next Save.
    const afterFirst = savedSettingsValues(first, await updateProfileSettings(a.db, toProfileSettings(first, opened)))
    const second = {
      ...afterFirst,
      socialLinks: afterFirst.socialLinks.filter((row) => row.url !== 'https://example.test/drop').map((row) => (row.url === 'https://instagram.com/anm' ? withUrl(row, 'https://instagram.com/ann') : row)),
    }
    await updateProfileSettings(a.db, toProfileSettings(second, afterFirst))
    await syncAll(a)
    expect(await linksEverywhere(owner, [a])).toEqual(['https://example.test/keep', 'https://instagram.com/ann'])

    // And a link added, saved, then removed again in the same form is gone too.
    const third = { ...second, socialLinks: [...second.socialLinks, withUrl(emptyRow(), 'https://github.com/ann')] }
    const afterThird = savedSettingsValues(third, await updateProfileSettings(a.db, toProfileSettings(third, second)))
    const fourth = { ...afterThird, socialLinks: afterThird.socialLinks.filter((row) => row.url !== 'https://github.com/ann') }
    await updateProfileSettings(a.db, toProfileSettings(fourth, afterThird))
    await syncAll(a)
    expect(await linksEverywhere(owner, [a])).toEqual(['https://example.test/keep', 'https://instagram.com/ann'])
  })

  it('two devices editing different links: both edits survive, each link where it stood', async () => {
    const { owner, a, b } = await ownerWithLinks([
      { platform: 'GitHub', url: 'https://github.com/ann' },
      { platform: 'X', url: 'https://x.com/ann' },
    ])
    await editLinks(a, (rows) => rows.map((row) => (row.platform === 'GitHub' ? { ...row, url: 'https://github.com/ann-a' } : row)))
    await editLinks(b, (rows) => rows.map((row) => (row.platform === 'X' ? { ...row, url: 'https://x.com/ann-b' } : row)))
    await syncAll(b, a, b)
    expect(await linksEverywhere(owner, [a, b])).toEqual(['https://github.com/ann-a', 'https://x.com/ann-b'])
  })

  it('A removes one link while B edits another and adds one: the removal, the edit and the add all hold', async () => {
    const { owner, a, b } = await ownerWithLinks([
      { platform: 'GitHub', url: 'https://github.com/ann' },
      { platform: 'X', url: 'https://x.com/ann' },
    ])
    await editLinks(a, (rows) => rows.filter((row) => row.platform !== 'GitHub'))
    await editLinks(b, (rows) => [...rows.map((row) => (row.platform === 'X' ? { ...row, url: 'https://x.com/ann-b' } : row)), withUrl(emptyRow(), 'https://t.me/ann')])
    await syncAll(a, b, a)
    expect(await linksEverywhere(owner, [a, b])).toEqual(['https://x.com/ann-b', 'https://t.me/ann'])
  })

  it('A removes a link B edits meanwhile: the delete wins, as it does for products', async () => {
    const { owner, a, b } = await ownerWithLinks([{ platform: 'GitHub', url: 'https://github.com/ann' }])
    await editLinks(a, () => [])
    await editLinks(b, (rows) => rows.map((row) => ({ ...row, url: 'https://github.com/ann-b' })))
    await syncAll(a, b, a)
    expect(await linksEverywhere(owner, [a, b])).toEqual([])
  })

  it('a link added, edited and added to again before a sync goes out as one operation, and merges', async () => {
    const { owner, a, b } = await ownerWithLinks([])
    await editLinks(a, added('https://github.com/ann'))
    await editLinks(a, (rows) => rows.map((row) => ({ ...row, url: 'https://github.com/ann-2' })))
    await editLinks(a, added('https://x.com/ann'))
    expect((await a.db.outbox.toArray()).map((entry) => Object.keys(entry.body as object))).toEqual([['socialLinkChanges']])
    await editLinks(b, added('https://t.me/ann'))
    await syncAll(b, a, b)
    expect(await linksEverywhere(owner, [a, b])).toEqual(['https://t.me/ann', 'https://github.com/ann-2', 'https://x.com/ann'])
  })

  it('an app of an older version sends the whole list: it replaces the links, as that version promised', async () => {
    const { owner, a } = await ownerWithLinks([{ platform: 'GitHub', url: 'https://github.com/ann' }])
    await editLinks(a, added('https://x.com/ann'))
    await syncAll(a)
    const put = await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinks: [{ platform: 'Telegram', url: 't.me/ann' }] } })
    expect(put.status).toBe(200)
    await syncAll(a)
    expect(await linksEverywhere(owner, [a])).toEqual(['https://t.me/ann'])
  })

  it('link changes past the limit are refused with a clear message; ids that are not positive whole numbers too', async () => {
    const links = Array.from({ length: 30 }, (_, i) => ({ platform: 'Web', url: `https://example.com/${i}` }))
    const { owner } = await ownerWithLinks(links)
    const more = await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinkChanges: { add: [{ id: 2 ** 40, platform: 'X', url: 'x.com/a' }] } } })
    expect(more.status).toBe(409)
    expect(more.json.message).toBe('At most 30 social links.')
    const bad = await t.request('PUT', '/api/profiles', { token: owner.token, body: { socialLinkChanges: { remove: [-1] } } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json)).toContain('A social link id must be a positive whole number.')
  })
})
