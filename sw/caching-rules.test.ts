import { describe, expect, it } from 'vitest'
import { keptCacheNames } from './cache-names.ts'
import { isUploadPath, publicProfileIdFromApiPath, publicProfileIdFromPagePath } from '../src/contract/api-paths.ts'
import { CACHED_AT_HEADER, SAVED_COPY_HEADER } from '../src/contract/names.ts'
import { isCacheablePublicProfile, isCacheableUpload } from './paths.ts'
import { asSavedCopy, belongsToAddress, ownCopyOrNull, redirectTarget, stampCachedAt } from './saved-copy.ts'

describe('publicProfileIdFromApiPath', () => {
  it.each<[string, string | null]>([
    ['/api/profiles/aB3dE5gH', 'aB3dE5gH'],
    ['/api/profiles/alice', 'alice'],
    // The owner's own profile: private, never cached here.
    ['/api/profiles', null],
    ['/api/profiles/', null],
    ['/api/profiles/aB3dE5gH/extra', null],
    ['/api/public/profiles/aB3dE5gH/purchases', null],
    ['/profile/aB3dE5gH', null],
  ])('%s -> %j', (path, expected) => {
    expect(publicProfileIdFromApiPath(path)).toBe(expected)
  })
})

describe('publicProfileIdFromPagePath', () => {
  it.each<[string, string | null]>([
    ['/profile/aB3dE5gH', 'aB3dE5gH'],
    ['/profile/aB3dE5gH/', 'aB3dE5gH'],
    ['/profile/edit', null],
    ['/profile/qr', null],
    ['/profile', null],
    ['/oauth/callback', null],
    ['/dashboard', null],
  ])('%s -> %j', (path, expected) => {
    expect(publicProfileIdFromPagePath(path)).toBe(expected)
  })
})

describe('isUploadPath', () => {
  it.each<[string, boolean]>([
    ['/api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01', true],
    ['/api/uploads', false],
    ['/api/uploads/a/b', false],
    ['/uploads/a', false],
  ])('%s -> %s', (path, expected) => {
    expect(isUploadPath(path)).toBe(expected)
  })
})

describe('saved copies', () => {
  const profile = JSON.stringify({ username: 'alice' })
  const wire = () => new Response(profile, { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '12', ETag: '"v1"' } })

  it('stamps the cached copy with the time it was cached and drops the wire encoding headers', async () => {
    const stamped = await stampCachedAt(wire(), new Date('2025-01-15T09:30:00.000Z'))
    expect(stamped.headers.get(CACHED_AT_HEADER)).toBe('2025-01-15T09:30:00.000Z')
    expect(stamped.headers.get('Content-Encoding')).toBeNull()
    expect(stamped.headers.get('Content-Length')).toBeNull()
    expect(stamped.headers.get('ETag')).toBe('"v1"')
    expect(await stamped.text()).toBe(profile)
  })

  it('tells the page it is a saved copy, and from when', async () => {
    const answer = asSavedCopy(await stampCachedAt(wire(), new Date('2025-01-15T09:30:00.000Z')))
    expect(answer.headers.get(SAVED_COPY_HEADER)).toBe('2025-01-15T09:30:00.000Z')
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(profile)
  })

  it('leaves an unstamped copy unmarked rather than inventing a time', () => {
    expect(asSavedCopy(wire()).headers.get(SAVED_COPY_HEADER)).toBeNull()
  })
})

describe('redirectTarget', () => {
  it.each<[unknown, string | null]>([
    [{ profileType: 'REDIRECT', redirectUrl: 'https://example.com/shop' }, 'https://example.com/shop'],
    [{ profileType: 'REDIRECT', redirectUrl: 'example.com' }, 'https://example.com/'],
    [{ profileType: 'REDIRECT', redirectUrl: '' }, null],
    [{ profileType: 'REDIRECT', redirectUrl: 'javascript:alert(1)' }, null],
    [{ profileType: 'WISHLIST', redirectUrl: 'https://example.com' }, null],
    [null, null],
    ['REDIRECT', null],
  ])('%j -> %j', (json, expected) => {
    expect(redirectTarget(json)).toBe(expected)
  })
})

describe('keptCacheNames', () => {
  it('keeps the precache, public profiles, images and the public site, nothing else', () => {
    expect([...keptCacheNames('workbox-precache-v2-https://qrtee.example/')].sort()).toEqual([
      'images',
      'public-profiles',
      'public-site',
      'workbox-precache-v2-https://qrtee.example/',
    ])
  })
})

describe('whose copy an answer is (a profile is saved only under its own address)', () => {
  const victim = { shareableId: 'k3m9x2pq7z', username: 'victim' }
  // The attack of issue 9: a username spelling the victim's shareableId, answered for the victim's address.
  const squatter = { shareableId: 'a8b7c6d5e4', username: 'k3m9x2pq7z' }

  it.each<[string, unknown, string, boolean]>([
    ['its own shareableId', victim, 'k3m9x2pq7z', true],
    ['its username, in any case', victim, 'VICTIM', true],
    ['a username written with escapes', { ...victim, username: 'v.i-c_tim' }, 'v.i-c_tim', true],
    ["a username that spells the shareableId of a printed code (the squatter's answer)", squatter, 'k3m9x2pq7z', false],
    ["the squatter's own shareableId", squatter, 'a8b7c6d5e4', true],
    ['a profile of neither', victim, 'someone', false],
    ['the shareableId in another case (shareableIds are exact)', victim, 'K3M9X2PQ7Z', false],
    ['a body without addresses', { profileType: 'REDIRECT' }, 'k3m9x2pq7z', false],
    ['a broken escape', victim, '%E0%A4%A', false],
  ])('%s', (_name, profile, address, expected) => {
    expect(belongsToAddress(profile, address)).toBe(expected)
  })

  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

  it.each<[string, string, unknown, boolean]>([
    ["keeps the victim's answer under the victim's address", '/api/profiles/k3m9x2pq7z', victim, true],
    ["refuses the squatter's answer under the victim's shareableId", '/api/profiles/k3m9x2pq7z', squatter, false],
    ['refuses an answer that is not JSON', '/api/profiles/k3m9x2pq7z', '<html>', false],
    ['refuses a path that is not a public profile', '/api/profiles', victim, false],
  ])('%s', async (_name, path, body, kept) => {
    const response = typeof body === 'string' ? new Response(body, { status: 200 }) : answer(body)
    const own = await ownCopyOrNull(`https://qrtee.example${path}`, response)
    expect(own !== null).toBe(kept)
    // The check reads a clone: the response itself can still be stored.
    if (own) expect(await own.json()).toEqual(body)
  })
})

describe('which requests the worker may store', () => {
  const origin = 'https://qrtee.example'
  const image = '/api/uploads/3f2b8c1e-8a4b-4c55-9d7e-0a1b2c3d4e5f'
  it.each<[string, string, Record<string, string>, boolean, boolean]>([
    ['a public profile', `${origin}/api/profiles/aB3dE5gH`, {}, true, false],
    ['a public profile fetched with a token', `${origin}/api/profiles/aB3dE5gH`, { Authorization: 'Bearer x' }, false, false],
    ["the owner's own profile", `${origin}/api/profiles`, {}, false, false],
    ['an image', `${origin}${image}`, {}, false, true],
    ['an image fetched with a token', `${origin}${image}`, { Authorization: 'Bearer x' }, false, false],
    ['another origin', `https://elsewhere.example/api/profiles/aB3dE5gH`, {}, false, false],
    ['the OAuth callback', `${origin}/oauth/callback?token=t&refreshToken=r`, {}, false, false],
    ['the reset-password page (issue 24)', `${origin}/reset-password?token=t`, {}, false, false],
    ['the verify-email page (issue 24)', `${origin}/verify-email?token=t`, {}, false, false],
    ['the reset-password answer', `${origin}/api/auth/reset-password`, {}, false, false],
    ['the take-back page (decision 198)', `${origin}/undo-email-change?token=t`, {}, false, false],
    ['the take-back answer', `${origin}/api/auth/undo-email-change`, {}, false, false],
  ])('%s (%s): profiles %j, images %j', (_name, address, headers, profile, upload) => {
    const match = { request: new Request(address, { headers }), url: new URL(address), origin }
    expect(isCacheablePublicProfile(match)).toBe(profile)
    expect(isCacheableUpload(match)).toBe(upload)
  })
})
