// A redirect profile may not point at its own visitor page (decision 207): PUT /api/profiles and the same PUT pushed
// through /api/sync/push are refused with the field's words, nothing of the write is stored, and a device's saved
// change comes back to its owner as a refused change that says why.
import 'fake-indexeddb/auto'
import { beforeAll, expect, it } from 'vitest'
import { PROFILE_MESSAGES } from '../../src/contract/profile.ts'
import { failedOutboxEntries } from '../../src/local/queries.ts'
import { updateProfileSettings } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { newKey, type Owner, signUpOwner } from './owner-helpers.ts'

describeEachDatabase('a redirect to the profile\'s own address', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  /** What the owner and a visitor see now: the type and the URL stored, and the type of the public answer. */
  const stored = async (owner: Owner) => {
    const own = (await t.request('GET', '/api/profiles', { token: owner.token })).json
    const visitor = (await t.request('GET', `/api/profiles/${owner.shareableId}`)).json
    return { profileType: own.profileType, redirectUrl: own.redirectUrl, description: own.description, visitorType: visitor.profileType }
  }
  const before = { profileType: 'WISHLIST', redirectUrl: '', description: '', visitorType: 'WISHLIST' }

  it.each([
    { name: 'the Public address as shown', url: (o: Owner) => `${t.deps.config.publicUrl}/profile/${o.shareableId}` },
    { name: 'the id in upper case with a slash', url: (o: Owner) => `${t.deps.config.publicUrl}/profile/${o.shareableId.toUpperCase()}/` },
    { name: 'the username with a query', url: (o: Owner) => `${t.deps.config.publicUrl}/profile/${o.username}?from=shirt#top` },
    // The harness's requests come to http://localhost, which is not PUBLIC_URL: the host the owner reached counts too.
    { name: 'the host the request came to', url: (o: Owner) => `http://localhost/profile/${o.shareableId}` },
  ])('PUT refuses $name with 400 and the field\'s words, and stores nothing', async ({ url }) => {
    const owner = await signUpOwner(t, 'loop')
    const res = await t.request('PUT', '/api/profiles', { token: owner.token, body: { description: 'Scan me', profileType: 'REDIRECT', redirectUrl: url(owner) } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: PROFILE_MESSAGES.redirectLoop })
    expect(await stored(owner)).toEqual(before)
  })

  it('a push of the same PUT is refused alike, with nothing stored and the rest of the batch not attempted', async () => {
    const owner = await signUpOwner(t, 'loop')
    const operations = [
      { method: 'PUT', path: '/api/profiles', body: { profileType: 'REDIRECT', redirectUrl: `${t.deps.config.publicUrl}/profile/${owner.shareableId}` }, idempotencyKey: newKey() },
      { method: 'PUT', path: '/api/profiles', body: { description: 'After the loop' }, idempotencyKey: newKey() },
    ]
    const res = await t.request('POST', '/api/sync/push', { token: owner.token, body: { operations } })
    expect(res.status).toBe(200)
    expect(res.json.results[0]).toEqual({ status: 400, body: { message: PROFILE_MESSAGES.redirectLoop } })
    expect(await stored(owner)).toEqual(before)
    // Through the push too, the host the owner reached counts (the operation runs on the push's own origin).
    const local = [{ ...operations[0]!, body: { profileType: 'REDIRECT', redirectUrl: `http://localhost/profile/${owner.username}` }, idempotencyKey: newKey() }]
    expect((await t.request('POST', '/api/sync/push', { token: owner.token, body: { operations: local } })).json.results[0].status).toBe(400)
  })

  it('checks what the profile becomes: the type switched back to a stored own address is refused, another profile is fine', async () => {
    const owner = await signUpOwner(t, 'loop')
    const other = await signUpOwner(t, 'other')
    const own = `${t.deps.config.publicUrl}/profile/${owner.shareableId}`
    // Behind another type the address sends nobody anywhere: kept, as the form keeps a hidden section.
    expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: { redirectUrl: own } })).status).toBe(200)
    const res = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType: 'REDIRECT' } })
    expect(res.json).toEqual({ message: PROFILE_MESSAGES.redirectLoop })
    expect((await stored(owner)).profileType).toBe('WISHLIST')
    const toOther = await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType: 'REDIRECT', redirectUrl: `${t.deps.config.publicUrl}/profile/${other.shareableId}` } })
    expect(toOther.status).toBe(200)
    const elsewhere = await t.request('PUT', '/api/profiles', { token: owner.token, body: { redirectUrl: `https://elsewhere.example/profile/${owner.shareableId}` } })
    expect(elsewhere.status).toBe(200)
    expect((await stored(owner)).visitorType).toBe('REDIRECT')
  })

  it('a change saved on a device (its form knew another origin) comes back as a refused change that says why, and the fix goes', async () => {
    const owner = await signUpOwner(t, 'loop')
    const device = await createDevice({ fetch: (input, init) => Promise.resolve(t.app.request(input, init)), tokens: owner })
    expect(await device.engine.syncOnce()).toBe('synced')
    await updateProfileSettings(device.db, { profileType: 'REDIRECT', redirectUrl: `${t.deps.config.publicUrl}/profile/${owner.shareableId}` })
    expect(await device.engine.syncOnce()).toBe('synced')
    const [refused] = await failedOutboxEntries(device.db)
    // The card: 'Profile settings: Profile type, Redirect URL', the words below it, and 'Open profile settings'.
    expect(refused).toMatchObject({ summary: 'Profile settings: Profile type, Redirect URL', error: PROFILE_MESSAGES.redirectLoop, fixIn: { kind: 'profile' } })
    expect(await stored(owner)).toEqual(before)
    await updateProfileSettings(device.db, { redirectUrl: 'https://example.org/shop' })
    expect(await device.engine.syncOnce()).toBe('synced')
    expect(await failedOutboxEntries(device.db)).toEqual([])
    expect(await stored(owner)).toMatchObject({ profileType: 'REDIRECT', redirectUrl: 'https://example.org/shop', visitorType: 'REDIRECT' })
  })
})
