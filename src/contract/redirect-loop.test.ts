import { describe, expect, it } from 'vitest'
import { isOwnPublicAddress, isProfilePageUrl, siteProfileAddress } from './redirect-loop.ts'

const SITE = ['https://qrtee.example', 'http://localhost:5199']
const OWN = { shareableId: 'k3m9x2pq7z', username: 'Ada_Lovelace' }

describe('isOwnPublicAddress: a redirect to the profile\'s own visitor page on this site (decision 207)', () => {
  it.each([
    ['the Public address as shown', 'https://qrtee.example/profile/k3m9x2pq7z', true],
    ['the same site over http', 'http://qrtee.example/profile/k3m9x2pq7z', true],
    ['a trailing slash', 'https://qrtee.example/profile/k3m9x2pq7z/', true],
    ['the id in upper case', 'https://qrtee.example/profile/K3M9X2PQ7Z', true],
    ['the host in upper case', 'https://QRTEE.example/profile/k3m9x2pq7z', true],
    ['the username, in another case', 'https://qrtee.example/profile/ada_lovelace', true],
    ['a query and a fragment', 'https://qrtee.example/profile/k3m9x2pq7z?utm=shirt#top', true],
    ['a percent-encoded id', 'https://qrtee.example/profile/%6B3m9x2pq7z', true],
    ['a dot segment the URL parser removes', 'https://qrtee.example/x/../profile/k3m9x2pq7z', true],
    ['the second origin (the host the app was reached at)', 'http://localhost:5199/profile/k3m9x2pq7z', true],
    ['the default port written out', 'https://qrtee.example:443/profile/k3m9x2pq7z', true],
    ['another port of the same host', 'http://localhost:5200/profile/k3m9x2pq7z', false],
    ['another host with the same path', 'https://elsewhere.example/profile/k3m9x2pq7z', false],
    ['a subdomain of the site', 'https://www.qrtee.example/profile/k3m9x2pq7z', false],
    ['another profile of this site', 'https://qrtee.example/profile/a2b3c4d5e6', false],
    ['a deeper path', 'https://qrtee.example/profile/k3m9x2pq7z/more', false],
    ['the owner pages', 'https://qrtee.example/profile/edit', false],
    ['the site\'s home', 'https://qrtee.example/', false],
    ['an id that only starts like it', 'https://qrtee.example/profile/k3m9x2pq7z1', false],
    ['not a URL', 'qrtee.example/profile/k3m9x2pq7z', false],
    ['empty', '', false],
  ])('%s: %s -> %s', (_name, url, expected) => {
    expect(isOwnPublicAddress(url, SITE, OWN)).toBe(expected)
  })
})

describe('siteProfileAddress and isProfilePageUrl', () => {
  it('names the address a URL opens on this site, decoded, or null', () => {
    expect(siteProfileAddress('https://qrtee.example/profile/a2b3c4d5e6?x=1', SITE)).toBe('a2b3c4d5e6')
    expect(siteProfileAddress('https://qrtee.example/profile/%', SITE)).toBeNull()
    expect(siteProfileAddress('https://elsewhere.example/profile/a2b3c4d5e6', SITE)).toBeNull()
    expect(siteProfileAddress('https://qrtee.example/profile/a2b3c4d5e6', [])).toBeNull()
  })
  it('tells a visitor page of any site from everything else', () => {
    expect(isProfilePageUrl('https://elsewhere.example/profile/anyone/')).toBe(true)
    expect(isProfilePageUrl('https://example.org/landing')).toBe(false)
    expect(isProfilePageUrl('https://example.org/profile/qr')).toBe(false)
    expect(isProfilePageUrl('mailto:me@example.org')).toBe(false)
  })
})
