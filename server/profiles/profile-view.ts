// Maps stored profile and wishlist rows to the contract's Profile shape; shared by every route that answers a profile.
import { asc, eq } from 'drizzle-orm'
import { apiPaths } from '../../src/contract/api-paths.ts'
import { PROFILE_FIELD_NAMES, PROFILE_TYPES, type Profile, type ProfileFieldName, type ProfileType } from '../../src/contract/profile.ts'
import type { WishlistItem } from '../../src/contract/wishlist.ts'
import type { Db } from '../db/client.ts'
import { profiles, users, wishlistItems } from '../db/schema.ts'
import { toWishlistItem } from './item-view.ts'

type ProfileRow = typeof profiles.$inferSelect

const isProfileType = (value: string): value is ProfileType => (PROFILE_TYPES as readonly string[]).includes(value)

/** The row's column of each editable field, named as the field (a field without its column does not compile). */
const fieldsOf = (row: ProfileRow) => Object.fromEntries(PROFILE_FIELD_NAMES.map((key) => [key, row[key]])) as Pick<ProfileRow, ProfileFieldName>

export function toProfile(row: ProfileRow, username: string, wishlist: WishlistItem[]): Profile {
  return {
    id: row.id,
    username,
    ...fieldsOf(row),
    // The column is free text in SQL; anything unexpected reads as the spec's default type.
    profileType: isProfileType(row.profileType) ? row.profileType : 'WISHLIST',
    socialLinks: row.socialLinks.map(({ id, platform, url }) => ({ id, platform, url })),
    profileImageUrl: row.profileImageId ? apiPaths.upload(row.profileImageId) : null,
    shareableId: row.shareableId,
    wishlist,
  }
}

export async function loadWishlist(db: Db, profileId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.profileId, profileId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id))
  return rows.map(toWishlistItem)
}

/** The owner's own profile with its wishlist, or undefined when the user has none. */
export async function loadOwnProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const [found] = await db
    .select({ profile: profiles, username: users.username })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (!found) return undefined
  return toProfile(found.profile, found.username, await loadWishlist(db, found.profile.id))
}
