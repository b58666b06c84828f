import { describe, expect, it } from 'vitest'
import { keptCacheNames } from './cache-names.ts'
import { isUploadPath, publicProfileIdFromApiPath, publicProfileIdFromPagePath } from './paths.ts'
import { asSavedCopy, CACHED_AT_HEADER, redirectTarget, SAVED_COPY_HEADER, stampCachedAt } from './saved-copy.ts'

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
  it('keeps the precache, public profiles and images, nothing else', () => {
    expect([...keptCacheNames('workbox-precache-v2-https://qrtee.example/')].sort()).toEqual(['images', 'public-profiles', 'workbox-precache-v2-https://qrtee.example/'])
  })
})
