// In-memory cache of serialized public profiles (JSON bytes + ETag), keyed by every address a visitor may use.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'

export type CachedPublicProfile = {
  profileId: string
  body: string
  etag: string
  /** Built lazily on the first gzip-accepting request, then reused. */
  gzip?: Uint8Array
  storedAt: number
}

// A bound on staleness should a write ever bypass invalidate(), e.g. another server process on the same PostgreSQL.
const MAX_AGE_MS = 30_000
const MAX_ENTRIES = 2000

const byAddress = new Map<string, CachedPublicProfile>()
const addressesByProfile = new Map<string, Set<string>>()

/** shareableIds are case-sensitive, usernames are not; the username form is stored lower-cased by the caller. */
export function getCachedPublicProfile(address: string, nowMs = Date.now()): CachedPublicProfile | undefined {
  const entry = byAddress.get(address)
  if (!entry) return undefined
  if (nowMs - entry.storedAt > MAX_AGE_MS) {
    invalidatePublicProfile(entry.profileId)
    return undefined
  }
  return entry
}

export function cachePublicProfile(addresses: string[], profileId: string, body: string, nowMs = Date.now()): CachedPublicProfile {
  const entry: CachedPublicProfile = { profileId, body, etag: etagOf(body), storedAt: nowMs }
  // Map keeps insertion order, so the first keys are the oldest: a crude but allocation-free LRU-ish bound.
  while (byAddress.size + addresses.length > MAX_ENTRIES) {
    const oldest = byAddress.keys().next().value
    if (oldest === undefined) break
    const victim = byAddress.get(oldest)
    if (victim) invalidatePublicProfile(victim.profileId)
    else byAddress.delete(oldest)
  }
  const known = addressesByProfile.get(profileId) ?? new Set<string>()
  for (const address of addresses) {
    byAddress.set(address, entry)
    known.add(address)
  }
  addressesByProfile.set(profileId, known)
  return entry
}

/** Called after every committed write that changes what a visitor of this profile sees. */
export function invalidatePublicProfile(profileId: string): void {
  const addresses = addressesByProfile.get(profileId)
  if (!addresses) return
  for (const address of addresses) byAddress.delete(address)
  addressesByProfile.delete(profileId)
}

export function gzipOf(entry: CachedPublicProfile): Uint8Array {
  entry.gzip ??= new Uint8Array(gzipSync(entry.body))
  return entry.gzip
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** True when an If-None-Match header names this ETag (or `*`), weak forms included. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}
