// PUT /api/profiles: applies the settings payload (or only a new photo) in one transaction with a fresh sequence number.
import { eq } from 'drizzle-orm'
import type { InferOutput } from 'valibot'
import { givenFields, PLAIN_PROFILE_FIELDS, PROFILE_MESSAGES, type ProfileUpdateSchema } from '../../src/contract/profile.ts'
import { LIMITS } from '../../src/contract/limits.ts'
import { isOwnPublicAddress } from '../../src/contract/redirect-loop.ts'
import { applyListChanges } from '../../src/lib/list-changes.ts'
import type { Db } from '../db/client.ts'
import { profiles, type StoredSocialLink, users } from '../db/schema.ts'
import { ApiError } from '../http/http.ts'
import { nextSeq } from '../changes/change-seq.ts'
import { type ClientMutation, recordClientMutation } from '../changes/client-mutations.ts'
import { assertOwnImage, deleteImageIfUnused } from '../images/image-store.ts'
import { invalidatePublicProfile } from '../profile-cache/public-profile-cache.ts'

export type ProfileUpdate = InferOutput<typeof ProfileUpdateSchema>

/**
 * Social link ids are small numbers the client may keep between edits; a missing, fractional, negative or repeated
 * id gets the next free one, so ids stay unique within the profile.
 */
export function assignSocialLinkIds(links: { id?: number | undefined; platform: string; url: string }[]): StoredSocialLink[] {
  const taken = new Set<number>()
  const kept = links.map((link) => {
    const id = link.id
    const valid = id !== undefined && Number.isSafeInteger(id) && id > 0 && !taken.has(id)
    if (valid) taken.add(id)
    return valid ? id : undefined
  })
  let next = Math.max(0, ...taken) + 1
  return links.map((link, i) => ({ id: kept[i] ?? next++, platform: link.platform, url: link.url }))
}

/**
 * The links after this write (decision 157), or undefined when it leaves them alone. A whole `socialLinks` list (what
 * app versions before the per-link merge send) replaces them as it always did; `socialLinkChanges` is merged link by
 * link into what the server holds now, so another device's links survive. Both: the list, then the changes.
 */
export function nextSocialLinks(current: StoredSocialLink[], input: Pick<ProfileUpdate, 'socialLinks' | 'socialLinkChanges'>): StoredSocialLink[] | undefined {
  if (input.socialLinks === undefined && input.socialLinkChanges === undefined) return undefined
  const base = input.socialLinks === undefined ? current : assignSocialLinkIds(input.socialLinks)
  const merged = input.socialLinkChanges ? applyListChanges(base, input.socialLinkChanges) : base
  if (merged.length > LIMITS.socialLinksMax) throw new ApiError(409, PROFILE_MESSAGES.socialLinksMax)
  return merged.map(({ id, platform, url }) => ({ id, platform, url }))
}

/**
 * Refuses a write after which the profile would redirect to its own visitor page (decision 207): every scan would
 * loop. Only a write that sets the type or the URL is checked, so an old looping row never blocks a description edit,
 * and a URL kept behind another type is harmless until the type comes back (then this write is checked).
 */
function refuseRedirectLoop(input: ProfileUpdate, current: { profileType: string; redirectUrl: string; shareableId: string; username: string }, siteOrigins: readonly string[]): void {
  if (input.profileType === undefined && input.redirectUrl === undefined) return
  const redirectUrl = input.redirectUrl ?? current.redirectUrl
  if ((input.profileType ?? current.profileType) !== 'REDIRECT' || redirectUrl === '') return
  if (isOwnPublicAddress(redirectUrl, siteOrigins, current)) throw new ApiError(400, PROFILE_MESSAGES.redirectLoop)
}

/** `siteOrigins`: where this server's visitor pages live (PUBLIC_URL, and the host the owner's request came to). */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate, now: Date, mutation?: ClientMutation, siteOrigins: readonly string[] = []): Promise<void> {
  const profileId = await db.transaction(async (tx) => {
    // The owner's row first (lock order, change-seq.ts), then the profile: its current photo is read under that
    // lock, so two photo changes cannot both keep (or both delete) the same previous image.
    const seq = await nextSeq(tx, userId)
    await recordClientMutation(tx, userId, now, mutation)
    const [current] = await tx
      .select({
        id: profiles.id, profileImageId: profiles.profileImageId, socialLinks: profiles.socialLinks,
        profileType: profiles.profileType, redirectUrl: profiles.redirectUrl, shareableId: profiles.shareableId, username: users.username,
      })
      .from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.userId, userId)).limit(1)
    if (!current) throw new ApiError(404, 'Profile not found')
    refuseRedirectLoop(input, current, siteOrigins)
    const newImage = input.profileImageId
    const replacesImage = newImage !== undefined && newImage !== current.profileImageId
    if (newImage && replacesImage) await assertOwnImage(tx, userId, newImage)
    const socialLinks = nextSocialLinks(current.socialLinks, input)
    await tx
      .update(profiles)
      .set({
        // Only the payload's fields: username, shareableId and ids are never taken from a client.
        ...givenFields(input, PLAIN_PROFILE_FIELDS),
        ...(socialLinks && { socialLinks }),
        ...(replacesImage && { profileImageId: newImage ?? null }),
        seq,
        updatedAt: now,
      })
      .where(eq(profiles.id, current.id))
    // The previous photo goes with its replacement, so abandoned photos never count against the quota.
    if (replacesImage) await deleteImageIfUnused(tx, userId, current.profileImageId)
    return current.id
  })
  invalidatePublicProfile(db, profileId)
}
