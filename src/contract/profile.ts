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
/**
 * Every public address (/profile/{address}) that can name a profile: shareableIds draw from a subset of the username
 * alphabet (UsernameSchema), usernames are 3 to 40 of it. Anything else (a NUL byte, which PostgreSQL refuses in a
 * text parameter) names no profile, so it is answered as unknown without asking the database.
 */
const PUBLIC_ADDRESS_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$`)
export function couldBePublicAddress(address: string): boolean {
  return PUBLIC_ADDRESS_PATTERN.test(address)
}

export const PROFILE_TYPES = ['WISHLIST', 'CUSTOM_TEXT', 'SOCIAL_LINKS', 'REDIRECT'] as const
export type ProfileType = (typeof PROFILE_TYPES)[number]

export const PROFILE_MESSAGES = {
  socialUrl: (host = 'example.com') => `Please enter a valid URL (${host} or mailto:/tel:)`,
  redirectUrl: 'Please enter a valid web address (https://...).',
  /** A redirect to the profile's own visitor page (decision 207); also the refused change's words on the sync card. */
  redirectLoop: 'The Redirect URL is your own public address: visitors would go round in a loop and see only an error. Enter another address.',
  profileType: 'Please choose a profile type.',
  description: `Description must be at most ${LIMITS.profileDescriptionMax} characters.`,
  customText: `Custom text must be at most ${LIMITS.customTextMax} characters.`,
  contactInfo: `Contact info must be at most ${LIMITS.contactInfoMax} characters.`,
  socialLinksMax: `At most ${LIMITS.socialLinksMax} social links.`,
  platform: `Platform must be at most ${LIMITS.platformMax} characters.`,
  imageId: 'Invalid image id',
  socialLinkId: 'A social link id must be a positive whole number.',
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

/** A link's id as a device gives it (decision 157): a positive whole number, unique within the profile. */
const SocialLinkIdSchema = v.pipe(v.number(), v.safeInteger(PROFILE_MESSAGES.socialLinkId), v.minValue(1, PROFILE_MESSAGES.socialLinkId))
const SocialLinksPart = <T extends v.GenericSchema>(element: T) => v.optional(v.pipe(v.array(element), v.maxLength(LIMITS.socialLinksMax, PROFILE_MESSAGES.socialLinksMax)))
const IdentifiedSocialLinkSchema = v.object({ ...SocialLinkInputSchema.entries, id: SocialLinkIdSchema })

/** What one device did to its links, link by link (src/lib/list-changes.ts); `socialLinks` replaces the whole list. */
export const SocialLinkChangesSchema = v.object({
  add: SocialLinksPart(IdentifiedSocialLinkSchema),
  edit: SocialLinksPart(IdentifiedSocialLinkSchema),
  remove: SocialLinksPart(SocialLinkIdSchema),
})

export const SocialLinkSchema = v.object({ id: v.number(), platform: v.string(), url: v.string() })
export type SocialLink = v.InferOutput<typeof SocialLinkSchema>

/**
 * The fields an owner edits on a profile, each spelled once: how PUT /api/profiles checks it (`input`) and how the
 * owner's profile shows it (`shown`). The payload, the owner's profile, the settings form's values, the local and
 * server writes, the profile view and the export are built from this table; tests/api/profile-fields.test.ts fails when
 * one of them disagrees. A field's column in server/db/schema.ts carries its name.
 */
const PROFILE_FIELDS = {
  description: {
    input: v.pipe(v.string(), noControlCharacters('Description', { multiLine: true }), v.maxLength(LIMITS.profileDescriptionMax, PROFILE_MESSAGES.description)),
    shown: v.string(),
  },
  profileType: { input: v.picklist(PROFILE_TYPES, PROFILE_MESSAGES.profileType), shown: v.picklist(PROFILE_TYPES) },
  customText: {
    input: v.pipe(v.string(), noControlCharacters('Custom text', { multiLine: true }), v.maxLength(LIMITS.customTextMax, PROFILE_MESSAGES.customText)),
    shown: v.string(),
  },
  redirectUrl: { input: RedirectUrlSchema, shown: v.string() },
  contactInfo: {
    input: v.pipe(v.string(), v.trim(), noControlCharacters('Contact info', { multiLine: true }), v.maxLength(LIMITS.contactInfoMax, PROFILE_MESSAGES.contactInfo)),
    shown: v.string(),
  },
  socialLinks: { input: v.pipe(v.array(SocialLinkInputSchema), v.maxLength(LIMITS.socialLinksMax, PROFILE_MESSAGES.socialLinksMax)), shown: v.array(SocialLinkSchema) },
  profileImageId: { input: v.nullable(v.pipe(v.string(), v.uuid(PROFILE_MESSAGES.imageId))), shown: v.nullable(v.string()) },
  isPublic: { input: v.boolean(), shown: v.boolean() },
  /** Mail the owner about each gift / order change (issue 29), when the address is verified; optional in the owner's
   * profile so one from an older server still parses. */
  emailOnGift: { input: v.boolean(), shown: v.optional(v.boolean()) },
  emailOnOrder: { input: v.boolean(), shown: v.optional(v.boolean()) },
}
type ProfileFieldTable = typeof PROFILE_FIELDS
export type ProfileFieldName = keyof ProfileFieldTable

function column<P extends 'input' | 'shown'>(part: P) {
  return Object.fromEntries(Object.entries(PROFILE_FIELDS).map(([key, field]) => [key, field[part]])) as { [K in ProfileFieldName]: ProfileFieldTable[K][P] }
}

export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileFieldName[]
/** Set elsewhere than the settings form: the photo by its picker, the mail switches in the Notifications section. */
const NOT_IN_SETTINGS_FORM = ['profileImageId', 'emailOnGift', 'emailOnOrder'] as const satisfies readonly ProfileFieldName[]
export type ProfileSettingsField = Exclude<ProfileFieldName, (typeof NOT_IN_SETTINGS_FORM)[number]>
export const PROFILE_SETTINGS_FIELDS = PROFILE_FIELD_NAMES.filter((key): key is ProfileSettingsField => !(NOT_IN_SETTINGS_FORM as readonly string[]).includes(key))
/** Written by rules of their own on the server: links merged link by link (decision 157), a photo checked and its predecessor deleted. */
const OWN_RULES = ['socialLinks', 'profileImageId'] as const satisfies readonly ProfileFieldName[]
export type PlainProfileField = Exclude<ProfileFieldName, (typeof OWN_RULES)[number]>
export const PLAIN_PROFILE_FIELDS = PROFILE_FIELD_NAMES.filter((key): key is PlainProfileField => !(OWN_RULES as readonly string[]).includes(key))
/**
 * What a visitor may see of the editable fields (each type shows a part of them: PublicProfileSchema). Every other
 * field is private, so a field added to the table stays private until it is named here.
 */
export const VISITOR_FIELDS = ['description', 'profileType', 'customText', 'redirectUrl', 'socialLinks'] as const satisfies readonly ProfileFieldName[]
export type VisitorField = (typeof VISITOR_FIELDS)[number]
type PrivateProfileField = Exclude<ProfileFieldName, VisitorField>
export const PRIVATE_PROFILE_FIELDS = PROFILE_FIELD_NAMES.filter((key): key is PrivateProfileField => !(VISITOR_FIELDS as readonly string[]).includes(key))

const ProfileFieldsShownSchema = v.object(column('shown'))
/** The editable fields as the owner's profile shows them (and a profile row stores them). */
export type StoredProfileFields = v.InferOutput<typeof ProfileFieldsShownSchema>

/** What a new account's profile shows: the columns' defaults in server/db/schema.ts (profile-fields.test.ts checks them). */
export const NEW_PROFILE_FIELDS: Required<StoredProfileFields> = {
  description: '',
  profileType: 'WISHLIST',
  customText: '',
  redirectUrl: '',
  contactInfo: '',
  socialLinks: [],
  profileImageId: null,
  isPublic: true,
  emailOnGift: true,
  emailOnOrder: true,
}

/** The given fields of `source` (those not undefined) among `keys`: what a write of only the sent fields sets. */
export function givenFields<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.flatMap((key) => (source[key] === undefined ? [] : [[key, source[key]]]))) as Partial<Pick<T, K>>
}

/** PUT /api/profiles: the settings fields, or only {profileImageId}; every field optional, unknown keys dropped. */
export const ProfileUpdateSchema = v.object({
  ...v.partial(v.object(column('input'))).entries,
  socialLinkChanges: v.optional(SocialLinkChangesSchema),
})
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>

/** The owner's own profile (GET/PUT /api/profiles): the editable fields, its ids and address, the photo's URL. */
export const ProfileSchema = v.object({
  id: v.string(),
  username: v.string(),
  ...ProfileFieldsShownSchema.entries,
  profileImageUrl: v.nullable(v.string()),
  shareableId: v.string(),
  wishlist: v.array(WishlistItemSchema),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/** A gift as a visitor sees it: no image-table id, and nothing of what the purchase cost (the id is the purchase's handle). */
export const PublicWishlistItemSchema = v.omit(WishlistItemSchema, ['storedImageId', 'purchaseStatus', 'purchasedPrice'])
export type PublicWishlistItem = v.InferOutput<typeof PublicWishlistItemSchema>

/** Never public: the row's id and every private field (the contact, the off-switch, the photo's image-table id, the mail
 * preferences). Image URLs stay (they are addresses, not handles). */
const NEVER_PUBLIC = ['id', ...PRIVATE_PROFILE_FIELDS] as ['id', ...PrivateProfileField[]]

/**
 * What a visitor sees (GET /api/profiles/{shareableId}): the owner's profile less everything private and less every
 * field the active type does not show (spec section 2, Public profile). Parsing drops the rest; an editable field
 * added later stays private until VISITOR_FIELDS names it, and a redirect shows only what it names.
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
  v.object({ ...v.pick(ProfileSchema, ['username', 'shareableId', 'redirectUrl']).entries, profileType: v.literal('REDIRECT') }),
])
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>
