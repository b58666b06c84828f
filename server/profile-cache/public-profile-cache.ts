// The public-profile cache of one database (JSON bytes + ETag per address, and recent misses), and the one entry point
// every committed write calls to drop a profile's entries here and, on PostgreSQL, on every other server.
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Db } from '../db/client.ts'

export type CachedPublicProfile = {
  profileId: string
  body: string
  etag: string
  /** Built lazily on the first gzip-accepting request, then reused. */
  gzip?: Uint8Array
  storedAt: number
}

/** A bound on staleness should a notification from another server ever be lost. */
export const MAX_AGE_MS = 30_000
/** While this server cannot hear the others (listener down or not yet up), their writes reach it only by expiry. */
export const UNSYNCED_MAX_AGE_MS = 1_000
/** A miss is kept briefly: it spares the database a flood of guesses, and registration or switch-on drop it anyway. */
export const MISS_MAX_AGE_MS = 5_000
const MAX_ENTRIES = 2000
const MAX_MISSES = 1000

type Miss = { storedAt: number; /** Set when the address names a switched-off profile, so switching it on drops the miss. */ profileId: string | null }

/** null: the address is known to answer 404 (missing or switched off); undefined: not cached. */
export type CacheLookup = CachedPublicProfile | null | undefined

export class PublicProfileCache {
  private readonly byAddress = new Map<string, CachedPublicProfile>()
  private readonly addressesByProfile = new Map<string, Set<string>>()
  private readonly misses = new Map<string, Miss>()
  private generation = 0
  /** Lowered to UNSYNCED_MAX_AGE_MS by the PostgreSQL listener while it is not listening. */
  maxAgeMs = MAX_AGE_MS

  /** Keys are addresses exactly as visitors asked for them: each was resolved by the database, shareableId first. */
  lookup(address: string, nowMs = Date.now()): CacheLookup {
    const entry = this.byAddress.get(address)
    if (entry) {
      if (nowMs - entry.storedAt <= this.maxAgeMs) return entry
      this.dropProfile(entry.profileId)
    }
    const miss = this.misses.get(address)
    if (!miss) return undefined
    if (nowMs - miss.storedAt <= Math.min(MISS_MAX_AGE_MS, this.maxAgeMs)) return null
    this.misses.delete(address)
    return undefined
  }

  /** Taken before reading the database: a store whose read an invalidation overtook is refused, so it cannot undo it. */
  version(): number {
    return this.generation
  }

  store(version: number, addresses: string[], profileId: string, body: string, nowMs = Date.now()): CachedPublicProfile {
    const entry: CachedPublicProfile = { profileId, body, etag: etagOf(body), storedAt: nowMs }
    if (version !== this.generation) return entry
    // Map keeps insertion order, so the first keys are the oldest: a crude but allocation-free bound.
    while (this.byAddress.size + addresses.length > MAX_ENTRIES) {
      const oldest = this.byAddress.values().next().value
      if (!oldest) break
      this.dropProfile(oldest.profileId)
    }
    const known = this.addressesByProfile.get(profileId) ?? new Set<string>()
    for (const address of addresses) {
      this.byAddress.set(address, entry)
      this.misses.delete(address)
      known.add(address)
    }
    this.addressesByProfile.set(profileId, known)
    return entry
  }

  storeMiss(version: number, address: string, profileId: string | null, nowMs = Date.now()): void {
    if (version !== this.generation) return
    this.misses.delete(address)
    while (this.misses.size >= MAX_MISSES) {
      const oldest = this.misses.keys().next().value
      if (oldest === undefined) break
      this.misses.delete(oldest)
    }
    this.misses.set(address, { storedAt: nowMs, profileId })
  }

  /** After a write to the profile: its entries go, and so do misses of it (switched off, now maybe on). */
  invalidateProfile(profileId: string): void {
    this.generation++
    this.dropProfile(profileId)
    for (const [address, miss] of this.misses) if (miss.profileId === profileId) this.misses.delete(address)
  }

  /** After an address became valid (a registration): anything cached under it, in any case, goes. */
  invalidateAddresses(addresses: readonly string[]): void {
    this.generation++
    const lower = new Set(addresses.map((a) => a.toLowerCase()))
    for (const address of this.misses.keys()) if (lower.has(address.toLowerCase())) this.misses.delete(address)
    for (const [address, entry] of this.byAddress) if (lower.has(address.toLowerCase())) this.dropProfile(entry.profileId)
  }

  /** Everything goes, e.g. when notifications may have been missed. */
  clear(): void {
    this.generation++
    this.byAddress.clear()
    this.addressesByProfile.clear()
    this.misses.clear()
  }

  get size(): { entries: number; misses: number } {
    return { entries: this.byAddress.size, misses: this.misses.size }
  }

  private dropProfile(profileId: string): void {
    const addresses = this.addressesByProfile.get(profileId)
    if (!addresses) return
    for (const address of addresses) this.byAddress.delete(address)
    this.addressesByProfile.delete(profileId)
  }
}

/** A message between servers: `p:{profileId}` or `a:{address}`; anything else clears all, which is always safe. */
export function applyInvalidation(cache: PublicProfileCache, message: string): void {
  if (message.startsWith('p:')) cache.invalidateProfile(message.slice(2))
  else if (message.startsWith('a:')) cache.invalidateAddresses([message.slice(2)])
  else cache.clear()
}

type Binding = { cache: PublicProfileCache }
// One cache per database handle: each server opens its own, so two servers in one process keep separate caches and
// hear of each other's writes only the way separate processes do (server/public-profile/public-profile-listener.ts).
const bindings = new Map<Db, Binding>()

function bindingOf(db: Db): Binding {
  let binding = bindings.get(db)
  if (!binding) {
    binding = { cache: new PublicProfileCache() }
    bindings.set(db, binding)
  }
  return binding
}

export function publicProfileCache(db: Db): PublicProfileCache {
  return bindingOf(db).cache
}

/** Forgets a closed database's cache. */
export function releasePublicProfileCache(db: Db): void {
  bindings.delete(db)
}

/**
 * The cache of the server whose database handle made the write; a handle no server opened (a transaction, a service
 * test's own) reaches every cache of the process, so an invalidation is never lost. The handle is passed rather than
 * kept in an AsyncLocalStorage: once one is used, Node's async hooks run on every request, the scan's included.
 */
function targets(db: Db): Binding[] {
  const own = bindings.get(db)
  return own ? [own] : [...bindings.values()]
}

/**
 * The entry point of every committed write that changes what a visitor of this profile sees (item, profile, image,
 * purchase, account deletion); call it after the commit. This server's entries go at once; every other server's
 * when the write's own NOTIFY reaches it (PostgreSQL triggers, migration 0010).
 */
export function invalidatePublicProfile(db: Db, profileId: string): void {
  for (const binding of targets(db)) binding.cache.invalidateProfile(profileId)
}

/** After addresses became valid (a new username and shareableId): cached 404s of them go, here and everywhere. */
export function invalidatePublicAddresses(db: Db, addresses: readonly string[]): void {
  for (const binding of targets(db)) binding.cache.invalidateAddresses(addresses)
}

export function gzipOf(entry: CachedPublicProfile): Uint8Array {
  entry.gzip ??= new Uint8Array(gzipSync(entry.body))
  return entry.gzip
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}
