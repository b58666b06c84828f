// What a visitor sees at /profile/{shareableId}: the owner's view passed through the public schema, so nothing private slips in.
import { eq, or, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { type PublicProfile, PublicProfileSchema } from '../../src/contract/profile.ts'
import type { Db } from '../db/client.ts'
import { profiles, users } from '../db/schema.ts'
import { loadWishlist, toProfile } from './profile-view.ts'
import { cachePublicProfile, type CachedPublicProfile, getCachedPublicProfile } from './public-profile-cache.ts'

/** Cache key of a username address; shareableIds are stored as typed because they are case-sensitive. */
const usernameKey = (username: string) => `u:${username.toLowerCase()}`
const shareableKey = (shareableId: string) => `s:${shareableId}`

export async function loadPublicProfile(db: Db, address: string): Promise<PublicProfile | undefined> {
  const [row] = await db
    .select({ profile: profiles, username: users.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(or(eq(profiles.shareableId, address), sql`lower(${users.username}) = lower(${address})`))
    // A shareableId match wins over a username that happens to spell the same text.
    .orderBy(sql`case when ${profiles.shareableId} = ${address} then 0 else 1 end`)
    .limit(1)
  if (!row || !row.profile.isPublic) return undefined
  // The public schema is the allow-list: parsing drops contactInfo, isPublic and anything added to the owner's view later.
  return v.parse(PublicProfileSchema, toProfile(row.profile, row.username, await loadWishlist(db, row.profile.id)))
}

/** The cached serialized profile for an address, without touching the database (the hot path of a scan). */
export function cachedPublicProfile(address: string): CachedPublicProfile | undefined {
  return getCachedPublicProfile(shareableKey(address)) ?? getCachedPublicProfile(usernameKey(address))
}

/** The serialized public profile for an address, from the cache when it holds one. */
export async function publicProfileResponse(db: Db, address: string): Promise<CachedPublicProfile | undefined> {
  const cached = cachedPublicProfile(address)
  if (cached) return cached
  const profile = await loadPublicProfile(db, address)
  if (!profile) return undefined
  const keys = [shareableKey(profile.shareableId), usernameKey(profile.username)]
  return cachePublicProfile(keys, profile.id, JSON.stringify(profile))
}
