// Which outbound destinations the server may contact: public unicast addresses on default ports, plus the operator's
// LINK_PREVIEW_ALLOW_HOSTS exceptions. Pure, so every rule is a table test (address-policy.test.ts).
import ipaddr from 'ipaddr.js'

export type Refusal = 'scheme' | 'credentials' | 'port' | 'address'

/**
 * ipaddr.js names every special-purpose block (loopback, private, linkLocal incl. 169.254.169.254, carrierGradeNat,
 * multicast, uniqueLocal, reserved, 6to4, teredo, NAT64 ...); only the blocks it calls plain 'unicast' are the public
 * internet. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(address)
  } catch {
    return false
  }
  // A zone id (fe80::1%eth0) only ever names a local link.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).zoneId) return false
  return parsed.range() === 'unicast'
}

/** `host:port` entries as written in LINK_PREVIEW_ALLOW_HOSTS; an IPv6 host in brackets ([::1]:8080). */
export function parseAllowHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/** The URL's `host:port` in the form an allow-list entry is written in. */
export function hostAndPort(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`
}

/** What the URL itself may not be (before any DNS): the scheme, embedded credentials, a port other than the default. */
export function refuseUrl(url: URL, allowHosts: readonly string[]): Refusal | undefined {
  if (!(url.protocol in DEFAULT_PORTS)) return 'scheme'
  if (url.username || url.password) return 'credentials'
  if (allowHosts.includes(hostAndPort(url))) return undefined
  if (url.port !== '') return 'port'
  return undefined
}

/** Whether the addresses a host resolved to may be contacted: every one must be public (or the host allow-listed). */
export function refuseAddresses(url: URL, addresses: readonly string[], allowHosts: readonly string[]): Refusal | undefined {
  if (allowHosts.includes(hostAndPort(url))) return undefined
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return 'address'
  return undefined
}

/** A URL hostname as a bare address when it is one ([::1] -> ::1), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  // Any form ipaddr.js reads as an address (0x7f000001, 127.1) is one: it is judged as such, never looked up by name.
  return ipaddr.isValid(bare) ? bare : undefined
}
