// What a visitor sees at /profile/{address}: the owner's view passed through the public schema of its type, found by
// shareableId first and by username only after, and cached per address exactly as it was resolved.
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { couldBePublicAddress, type PublicProfile, PublicProfileSchema } from '../../src/contract/profile.ts'
import type { Db } from '../db/client.ts'
import { profiles, users } from '../db/schema.ts'
import { loadWishlist, toProfile } from '../profiles/profile-view.ts'
import { namedBy } from './public-address.ts'
import { type CachedPublicProfile, type CacheLookup, publicProfileCache } from '../profile-cache/public-profile-cache.ts'

export type ResolvedAddress =
  | { kind: 'public'; profileId: string; profile: PublicProfile }
  /** Switched off by its owner: answered like a missing profile, but switching it on must end the cached miss. */
  | { kind: 'hidden'; profileId: string }

/**
 * The profile an address names: the profile whose shareableId it is, exactly; only when there is none, the profile
 * of the user whose username it is (in any case). A username can therefore never take over a printed code.
 */
export async function resolvePublicAddress(db: Db, address: string): Promise<ResolvedAddress | undefined> {
  if (!couldBePublicAddress(address)) return undefined
  const [row] = await db
    .select({ profile: profiles, username: users.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(namedBy(address).where)
    .limit(1)
  if (!row) return undefined
  if (!row.profile.isPublic) return { kind: 'hidden', profileId: row.profile.id }
  // Only a wishlist shows its items; the other types need no second query.
  const wishlist = row.profile.profileType === 'WISHLIST' ? await loadWishlist(db, row.profile.id) : []
  // The public schema of the type is the allow-list: parsing drops every field that type does not show.
  const profile = v.parse(PublicProfileSchema, toProfile(row.profile, row.username, wishlist))
  return { kind: 'public', profileId: row.profile.id, profile }
}

/** The cached answer for an address without touching the database (the hot path of a scan); see CacheLookup. */
export function cachedPublicProfile(db: Db, address: string): CacheLookup {
  return publicProfileCache(db).lookup(address)
}

/** The serialized public profile for an address, from the cache when it holds one; undefined answers 404. */
export async function publicProfileResponse(db: Db, address: string): Promise<CachedPublicProfile | undefined> {
  const cache = publicProfileCache(db)
  const cached = cache.lookup(address)
  if (cached !== undefined) return cached ?? undefined
  const version = cache.version()
  const resolved = await resolvePublicAddress(db, address)
  if (resolved?.kind !== 'public') {
    cache.storeMiss(version, address, resolved?.profileId ?? null)
    return undefined
  }
  // Under the address as asked (what it resolved to, shareableId first) and the profile's own shareableId (which can
  // only ever mean this profile); never under another spelling whose resolution nobody checked.
  const addresses = address === resolved.profile.shareableId ? [address] : [address, resolved.profile.shareableId]
  return cache.store(version, addresses, resolved.profileId, JSON.stringify(resolved.profile))
}
