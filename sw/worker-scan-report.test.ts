import { describe, expect, it } from 'vitest'
import { savedRedirect } from './saved-copy.ts'
import { offlineScanReport } from './worker-scan-report.ts'

const OPENED = new Date('2026-11-24T21:45:00.000Z')
const navigation = (path: string, headers: Record<string, string> = {}) => new Request(`https://qrtee.example${path}`, { headers })

describe('offlineScanReport: the scan of an offline redirect the worker answers itself', () => {
  it('is the report the visitor page sends: POST to the profile, text/plain JSON of the opening time, with cookies', async () => {
    const report = offlineScanReport(navigation('/profile/k3m9x2pq7z'), 'k3m9x2pq7z', OPENED)
    expect(report?.method).toBe('POST')
    expect(report?.url).toBe('https://qrtee.example/api/public/profiles/k3m9x2pq7z/scans')
    expect(report?.headers.get('content-type')).toBe('text/plain;charset=UTF-8')
    // Same-origin credentials: the owner marker cookie rides along, and the server leaves the owner's own look out.
    expect(report?.credentials).toBe('same-origin')
    expect(JSON.parse((await report?.text()) ?? '')).toEqual({ at: '2026-11-24T21:45:00.000Z', key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) })
  })

  it('is reported under the shareableId even when the code opened the profile by username', () => {
    expect(offlineScanReport(navigation('/profile/alice'), 'k3m9x2pq7z', OPENED)?.url).toBe('https://qrtee.example/api/public/profiles/k3m9x2pq7z/scans')
  })

  it.each<[string, string, Record<string, string>]>([
    ['a preview link', '/profile/k3m9x2pq7z?preview', {}],
    ['a preview among other parameters', '/profile/k3m9x2pq7z?utm=shirt&preview=1', {}],
    ["Chrome's prefetch", '/profile/k3m9x2pq7z', { 'Sec-Purpose': 'prefetch' }],
    ["Chrome's prerender", '/profile/k3m9x2pq7z', { 'Sec-Purpose': 'prefetch;prerender' }],
    ['an older Purpose header', '/profile/k3m9x2pq7z', { Purpose: 'prefetch' }],
    ["Firefox's prefetch", '/profile/k3m9x2pq7z', { 'X-Moz': 'prefetch' }],
    ["Safari's preview", '/profile/k3m9x2pq7z', { 'X-Purpose': 'preview' }],
  ])('is not made for %s', (_, path, headers) => {
    expect(offlineScanReport(navigation(path, headers), 'k3m9x2pq7z', OPENED)).toBeNull()
  })

  it('is made for a plain opening with other query parameters', () => {
    expect(offlineScanReport(navigation('/profile/k3m9x2pq7z?utm=shirt'), 'k3m9x2pq7z', OPENED)).not.toBeNull()
  })
})

describe('savedRedirect: where a saved copy sends the visitor, and under which shareableId the scan counts', () => {
  const redirect = { shareableId: 'k3m9x2pq7z', username: 'alice', profileType: 'REDIRECT', redirectUrl: 'https://example.com/shop' }
  it.each<[string, unknown, string, { target: string; shareableId: string } | null]>([
    ['its own shareableId', redirect, 'k3m9x2pq7z', { target: 'https://example.com/shop', shareableId: 'k3m9x2pq7z' }],
    ['its username', redirect, 'Alice', { target: 'https://example.com/shop', shareableId: 'k3m9x2pq7z' }],
    ["another profile's address", redirect, 'bob', null],
    ['a wishlist profile', { ...redirect, profileType: 'WISHLIST' }, 'k3m9x2pq7z', null],
    ['an unsafe destination', { ...redirect, redirectUrl: 'javascript:alert(1)' }, 'k3m9x2pq7z', null],
    ['no destination', { ...redirect, redirectUrl: '' }, 'k3m9x2pq7z', null],
    ['something else cached', 'REDIRECT', 'k3m9x2pq7z', null],
  ])('%s', (_, json, address, expected) => {
    expect(savedRedirect(json, address)).toEqual(expected)
  })
})
