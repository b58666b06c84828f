// Profile entities and payloads (spec section 3, PUT /api/profiles), with the validation the server and forms share.
import * as v from 'valibot'
import { noControlCharacters } from './text.ts'
import { normalizeUrl, SOCIAL_SCHEMES, WEB_SCHEMES } from '../lib/safe-url.ts'
import { LIMITS } from './limits.ts'
import { WishlistItemSchema } from './wishlist.ts'

/** Digits and lower-case letters without the look-alikes 0/o, 1/l/i (docs/decisions/012-shareable-ids.md). */
export const SHAREABLE_ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'
export const SHAREABLE_ID_LENGTH = 10
/** The shape of every shareableId; the service worker uses it to tell an id address from a username one. */
export const SHAREABLE_ID_PATTERN = new RegExp(`^[${SHAREABLE_ID_ALPHABET}]{${SHAREABLE_ID_LENGTH}}$`)

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
  platform: v.pipe(v.string(), v.trim(), noControlCharacters('Platform'), v.maxLength(LIMITS.platformMax, PROFILE_MESSAGES.platform)),
  url: SocialUrlSchema,
})

/** PUT /api/profiles: the settings fields, or only {profileImageId}; every field optional, unknown keys dropped. */
export const ProfileUpdateSchema = v.object({
  description: v.optional(
    v.pipe(v.string(), noControlCharacters('Description', { multiLine: true }), v.maxLength(LIMITS.profileDescriptionMax, PROFILE_MESSAGES.description)),
  ),
  profileType: v.optional(v.picklist(PROFILE_TYPES, PROFILE_MESSAGES.profileType)),
  customText: v.optional(v.pipe(v.string(), noControlCharacters('Custom text', { multiLine: true }), v.maxLength(LIMITS.customTextMax, PROFILE_MESSAGES.customText))),
  redirectUrl: v.optional(RedirectUrlSchema),
  contactInfo: v.optional(
    v.pipe(v.string(), v.trim(), noControlCharacters('Contact info', { multiLine: true }), v.maxLength(LIMITS.contactInfoMax, PROFILE_MESSAGES.contactInfo)),
  ),
  socialLinks: v.optional(v.pipe(v.array(SocialLinkInputSchema), v.maxLength(LIMITS.socialLinksMax, PROFILE_MESSAGES.socialLinksMax))),
  profileImageId: v.optional(v.nullable(v.pipe(v.string(), v.uuid(PROFILE_MESSAGES.imageId)))),
  isPublic: v.optional(v.boolean()),
  /** Mail the owner about each gift / order change (issue 29), when the address is verified. */
  emailOnGift: v.optional(v.boolean()),
  emailOnOrder: v.optional(v.boolean()),
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
  /** The owner's mail preferences (issue 29); optional so a profile from an older server still parses. */
  emailOnGift: v.optional(v.boolean()),
  emailOnOrder: v.optional(v.boolean()),
  wishlist: v.array(WishlistItemSchema),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/** A gift as a visitor sees it: no image-table id, and nothing of what the purchase cost (the id is the purchase's handle). */
export const PublicWishlistItemSchema = v.omit(WishlistItemSchema, ['storedImageId', 'purchaseStatus', 'purchasedPrice'])
export type PublicWishlistItem = v.InferOutput<typeof PublicWishlistItemSchema>

/** Never public: row ids, the private contact, the off-switch, the mail preferences. Image URLs stay (they are addresses, not handles). */
const NEVER_PUBLIC = ['id', 'contactInfo', 'isPublic', 'profileImageId', 'emailOnGift', 'emailOnOrder'] as const

/**
 * What a visitor sees (GET /api/profiles/{shareableId}): the owner's profile less everything private and less every
 * field the active type does not show (spec section 2, Public profile). Parsing drops the rest, so a field added to
 * the owner's view later stays private until it is named here.
 */
export const PublicProfileSchema = v.variant('profileType', [
  v.object({
    ...v.omit(ProfileSchema, [...NEVER_PUBLIC, 'customText', 'redirectUrl', 'socialLinks', 'wishlist']).entries,
    profileType: v.literal('WISHLIST'),
    wishlist: v.array(PublicWishlistItemSchema),
  }),
  // Custom text shows its social links as icon buttons under the text.
  v.object({ ...v.omit(ProfileSchema, [...NEVER_PUBLIC, 'redirectUrl', 'wishlist']).entries, profileType: v.literal('CUSTOM_TEXT') }),
  v.object({ ...v.omit(ProfileSchema, [...NEVER_PUBLIC, 'customText', 'redirectUrl', 'wishlist']).entries, profileType: v.literal('SOCIAL_LINKS') }),
  // A redirect shows nothing of the profile; username and shareableId stay so a client can tell whose answer it is.
  v.object({
    ...v.omit(ProfileSchema, [...NEVER_PUBLIC, 'description', 'profileImageUrl', 'customText', 'socialLinks', 'wishlist']).entries,
    profileType: v.literal('REDIRECT'),
  }),
])
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>
