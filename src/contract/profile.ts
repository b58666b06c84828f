// Profile entities and payloads (spec section 3, PUT /api/profiles), with the validation the server and forms share.
import * as v from 'valibot'
import { normalizeUrl, SOCIAL_SCHEMES, WEB_SCHEMES } from '../lib/safe-url.ts'
import { LIMITS } from './limits.ts'
import { WishlistItemSchema } from './wishlist.ts'

export const PROFILE_TYPES = ['WISHLIST', 'CUSTOM_TEXT', 'SOCIAL_LINKS', 'REDIRECT'] as const
export type ProfileType = (typeof PROFILE_TYPES)[number]

export const PROFILE_MESSAGES = {
  socialUrl: (host = 'example.com') => `Please enter a valid URL (${host} or mailto:/tel:)`,
  redirectUrl: 'Please enter a valid web address (https://...).',
  profileType: 'Please choose a profile type.',
  description: `Description must be at most ${LIMITS.profileDescriptionMax} characters.`,
  customText: `Custom text must be at most ${LIMITS.customTextMax} characters.`,
  contactInfo: `Contact info must be at most ${LIMITS.contactInfoMax} characters.`,
  socialLinksMax: `At most ${LIMITS.socialLinksMax} social links.`,
  platform: `Platform must be at most ${LIMITS.platformMax} characters.`,
  imageId: 'Invalid image id',
} as const

/** A social link URL: empty, or mailto:/tel:/http(s) after https:// is prepended to a bare address. */
export const SocialUrlSchema = v.pipe(
  v.string(PROFILE_MESSAGES.socialUrl()),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return ''
    const checked = normalizeUrl(dataset.value, SOCIAL_SCHEMES)
    if (!checked.ok) {
      addIssue({ message: PROFILE_MESSAGES.socialUrl() })
      return NEVER
    }
    return checked.url
  }),
)

/** A redirect target: empty (not configured) or an http(s) address. */
export const RedirectUrlSchema = v.pipe(
  v.string(PROFILE_MESSAGES.redirectUrl),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return ''
    const checked = normalizeUrl(dataset.value, WEB_SCHEMES)
    if (!checked.ok) {
      addIssue({ message: PROFILE_MESSAGES.redirectUrl })
      return NEVER
    }
    return checked.url
  }),
)

export const SocialLinkInputSchema = v.object({
  id: v.optional(v.number()),
  platform: v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.platformMax, PROFILE_MESSAGES.platform)),
  url: SocialUrlSchema,
})

/** PUT /api/profiles: the settings fields, or only {profileImageId}; every field optional, unknown keys dropped. */
export const ProfileUpdateSchema = v.object({
  description: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.profileDescriptionMax, PROFILE_MESSAGES.description))),
  profileType: v.optional(v.picklist(PROFILE_TYPES, PROFILE_MESSAGES.profileType)),
  customText: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.customTextMax, PROFILE_MESSAGES.customText))),
  redirectUrl: v.optional(RedirectUrlSchema),
  contactInfo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.contactInfoMax, PROFILE_MESSAGES.contactInfo))),
  socialLinks: v.optional(v.pipe(v.array(SocialLinkInputSchema), v.maxLength(LIMITS.socialLinksMax, PROFILE_MESSAGES.socialLinksMax))),
  profileImageId: v.optional(v.nullable(v.pipe(v.string(), v.uuid(PROFILE_MESSAGES.imageId)))),
  isPublic: v.optional(v.boolean()),
})
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>

export const SocialLinkSchema = v.object({ id: v.number(), platform: v.string(), url: v.string() })
export type SocialLink = v.InferOutput<typeof SocialLinkSchema>

/** The owner's own profile (GET/PUT /api/profiles). */
export const ProfileSchema = v.object({
  id: v.string(),
  username: v.string(),
  description: v.string(),
  profileType: v.picklist(PROFILE_TYPES),
  customText: v.string(),
  redirectUrl: v.string(),
  contactInfo: v.string(),
  socialLinks: v.array(SocialLinkSchema),
  profileImageId: v.nullable(v.string()),
  profileImageUrl: v.nullable(v.string()),
  shareableId: v.string(),
  isPublic: v.boolean(),
  wishlist: v.array(WishlistItemSchema),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/** What a visitor sees (GET /api/profiles/{shareableId}): the owner's profile less everything private. */
export const PublicProfileSchema = v.omit(ProfileSchema, ['contactInfo', 'isPublic'])
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>
