import { describe, expect, it } from 'vitest'
import { isPublicAddress, literalAddress, parseAllowHosts, refuseAddresses, refuseUrl } from './address-policy.ts'

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['2002:a00:1::', false],
    ['2001:db8::1', false],
    ['not an address', false],
    ['', false],
  ])('%s -> public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })
})

describe('refuseUrl', () => {
  it.each([
    ['https://shop.example/p/1', [], undefined],
    ['http://shop.example/p/1', [], undefined],
    ['https://shop.example:443/p', [], undefined],
    ['ftp://shop.example/p', [], 'scheme'],
    ['file:///etc/passwd', [], 'scheme'],
    ['gopher://shop.example/', [], 'scheme'],
    ['https://user:pw@shop.example/', [], 'credentials'],
    ['https://shop.example:8443/', [], 'port'],
    ['http://127.0.0.1:6379/', [], 'port'],
    ['http://127.0.0.1:6379/', ['127.0.0.1:6379'], undefined],
    ['http://localhost:6379/', ['127.0.0.1:6379'], 'port'],
  ] as const)('%s allow %j -> %s', (url, allow, expected) => {
    expect(refuseUrl(new URL(url), allow)).toBe(expected)
  })
})

describe('refuseAddresses', () => {
  it.each([
    ['https://shop.example/', ['93.184.216.34'], [], undefined],
    ['https://shop.example/', ['93.184.216.34', '10.0.0.1'], [], 'address'],
    ['https://shop.example/', [], [], 'address'],
    ['http://shop.test:8080/', ['127.0.0.1'], ['shop.test:8080'], undefined],
    ['http://shop.test/', ['127.0.0.1'], ['shop.test:8080'], 'address'],
    ['http://[::1]/', ['::1'], [], 'address'],
    ['http://[::1]:8080/', ['::1'], ['[::1]:8080'], undefined],
  ] as const)('%s at %j allow %j -> %s', (url, addresses, allow, expected) => {
    expect(refuseAddresses(new URL(url), addresses, allow)).toBe(expected)
  })
})

describe('literalAddress and parseAllowHosts', () => {
  it('reads address host names and leaves names alone', () => {
    expect(literalAddress('[::1]')).toBe('::1')
    expect(literalAddress(new URL('http://0x7f000001/').hostname)).toBe('127.0.0.1')
    expect(literalAddress('shop.example')).toBeUndefined()
  })
  it('splits the setting and ignores blanks', () => {
    expect(parseAllowHosts(undefined)).toEqual([])
    expect(parseAllowHosts('')).toEqual([])
    expect(parseAllowHosts(' 127.0.0.1:4000 , Shop.Test:80,')).toEqual(['127.0.0.1:4000', 'shop.test:80'])
  })
})
