// The client's address: the socket peer, or with TRUST_PROXY the address the trusted proxy saw (X-Forwarded-For),
// and the form per-address rate limits key on.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { isIP } from 'node:net'

/** In-process calls (`app.request()` in tests) have no socket; they all share this address. */
export const NO_SOCKET_ADDRESS = 'local'

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? NO_SOCKET_ADDRESS
  } catch {
    return NO_SOCKET_ADDRESS
  }
}

/** '::ffff:203.0.113.7' (IPv4 on a dual-stack socket) is 203.0.113.7; a zone id (%eth0) is dropped. */
function normalize(address: string): string {
  const bare = address.replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  return mapped?.[1] ?? bare.toLowerCase()
}

/**
 * `trustedProxies` = TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For. Each appends the
 * address it received from, so the client is that many entries from the right; anything further left was written by
 * the client and is never believed. Without the setting (0) the header is ignored: anyone can send it.
 */
export function clientAddress(c: Context, trustedProxies = 0): string {
  return resolveClientAddress(trustedProxies > 0 ? c.req.header('X-Forwarded-For') : undefined, () => socketAddress(c), trustedProxies)
}

/** The same rule for a caller without a Hono context (the Node listener's fast path): the header and the socket peer. */
export function resolveClientAddress(forwardedFor: string | undefined, peer: () => string | undefined, trustedProxies = 0): string {
  if (trustedProxies > 0) {
    const entries = (forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    // A shorter header than there are proxies: the first entry is the furthest any of them recorded.
    const seen = entries.length >= trustedProxies ? entries[entries.length - trustedProxies] : entries[0]
    if (seen && isIP(normalize(seen))) return normalize(seen)
  }
  return normalize(peer() ?? NO_SOCKET_ADDRESS)
}

/**
 * What per-address limits count on: an IPv4 address, or an IPv6 address's /64 network, because one subscriber gets a
 * whole /64 and could otherwise rotate through it.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  // An embedded IPv4 tail (a.b.c.d) fills two groups.
  const width = (part: string[]) => part.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0)
  const left = groups(head)
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(groups(tail))).fill('0'), ...groups(tail)]
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`
}
