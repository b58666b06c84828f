import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { addressKey, clientAddress } from './client-address.ts'

describe('clientAddress', () => {
  const appTrusting = (trustedProxies: number) => new Hono().get('/', (c) => c.text(clientAddress(c, trustedProxies)))
  const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 5000, remoteFamily: 'IPv4' } } })

  it.each([
    // [TRUST_PROXY, socket address, X-Forwarded-For, answer]
    [0, '203.0.113.7', '198.51.100.1', '203.0.113.7'],
    [0, '::ffff:203.0.113.7', undefined, '203.0.113.7'],
    [1, '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    // What the client wrote itself sits left of what the proxy appended, and is never believed.
    [1, '127.0.0.1', '10.9.9.9, 198.51.100.1', '198.51.100.1'],
    [2, '127.0.0.1', '10.9.9.9, 198.51.100.1, 192.0.2.5', '198.51.100.1'],
    [2, '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    [1, '127.0.0.1', '2001:DB8::1', '2001:db8::1'],
    [1, '127.0.0.1', undefined, '127.0.0.1'],
    [1, '127.0.0.1', 'unknown', '127.0.0.1'],
    [1, '127.0.0.1', '', '127.0.0.1'],
  ])('TRUST_PROXY=%s, socket %s, X-Forwarded-For %j: %s', async (trusted, remote, forwarded, expected) => {
    const headers: Record<string, string> = forwarded === undefined ? {} : { 'X-Forwarded-For': forwarded }
    const res = await appTrusting(trusted).request('/', { headers }, socket(remote))
    expect(await res.text()).toBe(expected)
  })

  it("is 'local' for an in-process request without a socket", async () => {
    expect(await (await appTrusting(0).request('/', { headers: { 'X-Forwarded-For': '198.51.100.1' } })).text()).toBe('local')
  })
})

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['local', 'local'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key)
  })
})
