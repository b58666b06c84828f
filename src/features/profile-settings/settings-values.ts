// Owns the profile settings form's values: from the local profile, their checks, and the settings the write takes.
import * as v from 'valibot'
import { PROFILE_MESSAGES, PROFILE_SETTINGS_FIELDS, RedirectUrlSchema, type ProfileSettingsField, type ProfileType, type StoredProfileFields } from '../../contract/profile.ts'
import { isOwnPublicAddress, type OwnAddresses } from '../../contract/redirect-loop.ts'
import type { LocalProfile } from '../../local/db.ts'
import { changedFields } from '../../local/outbox-rules.ts'
import type { ProfileSettings, SavedLinkIds } from '../../local/writes.ts'
import { isBlankRow, rowsFromLinks, socialUrlError, type SocialLinkRow } from './social-link-rows.ts'

/** The settings form's fields (the contract's PROFILE_SETTINGS_FIELDS) as the form holds them: links as editable rows. */
export type SettingsValues = Omit<Pick<StoredProfileFields, ProfileSettingsField>, 'socialLinks'> & { socialLinks: SocialLinkRow[] }

export const PROFILE_TYPE_OPTIONS: ReadonlyArray<{ value: ProfileType; label: string }> = [
  { value: 'WISHLIST', label: 'Wishlist' },
  { value: 'CUSTOM_TEXT', label: 'Custom text' },
  { value: 'SOCIAL_LINKS', label: 'Social links' },
  { value: 'REDIRECT', label: 'Redirect' },
]

export function toSettingsValues(profile: LocalProfile): SettingsValues {
  const fields = Object.fromEntries(PROFILE_SETTINGS_FIELDS.map((key) => [key, profile[key]])) as Pick<LocalProfile, ProfileSettingsField>
  return { ...fields, socialLinks: rowsFromLinks(profile.socialLinks) }
}

/**
 * The settings Save writes. With the values the form opened with (`opened`), only what the owner changed since then
 * (decision 083): a stale device that edits the description never sends the visibility switch it happened to show.
 * Fields of other types are kept as they are, so switching the type back later finds the owner's texts and links
 * where they left them; but a section the chosen type hides is written only when it is valid (hiddenInvalidSections),
 * else it stays as stored, so a bad Redirect URL left behind never blocks saving Social links. Blank link rows are
 * dropped.
 */
export function toProfileSettings(values: SettingsValues, opened?: SettingsValues): ProfileSettings {
  const hidden = hiddenInvalidSections(values)
  const settings = omitSections(allSettings(values), hidden)
  if (!opened) return settings
  const before = allSettings(opened)
  const changes = changedFields(before, settings)
  // Links are merged one by one against what the form showed (decision 157), not against what arrived meanwhile.
  return changes.socialLinks ? { ...changes, linksOpened: before.socialLinks } : changes
}

/**
 * What a form that stays open after Save holds: its values, each new link row with the id the write gave its link.
 * The next Save compares against these, so a link added, saved and then corrected or removed in the same form is
 * sent as that link's edit or removal, not as another new link beside it (or nothing at all).
 */
export function savedSettingsValues(values: SettingsValues, linkIds: SavedLinkIds): SettingsValues {
  if (!linkIds) return values
  const saved = values.socialLinks.filter((row) => !isBlankRow(row))
  const idOf = new Map(saved.map((row, index) => [row.key, linkIds[index]]))
  return { ...values, socialLinks: withIdsOf(values.socialLinks, idOf) }
}

/** The rows with the ids found for their keys; a row typed during the Save keeps what was typed. */
export function withIdsOf(rows: readonly SocialLinkRow[], idOf: ReadonlyMap<string, number | undefined>): SocialLinkRow[] {
  return rows.map((row) => {
    const id = idOf.get(row.key)
    return id === undefined || id === row.id ? row : { ...row, id }
  })
}

const omitSections = (settings: ProfileSettings, sections: readonly Section[]): ProfileSettings => {
  const kept = { ...settings }
  for (const section of sections) delete kept[section]
  return kept
}

function allSettings(values: SettingsValues): ProfileSettings {
  const fields = Object.fromEntries(PROFILE_SETTINGS_FIELDS.map((key) => [key, values[key]])) as SettingsValues
  return {
    ...fields,
    socialLinks: values.socialLinks
      .filter((row) => !isBlankRow(row))
      .map((row) => ({ ...(row.id === undefined ? {} : { id: row.id }), platform: row.platform.trim(), url: row.url.trim() })),
  }
}

export type SettingsErrors = Record<string, string>

/** The sections with checks of their own, and the type that shows each. */
type Section = 'redirectUrl' | 'socialLinks'
const SECTION_TYPES: ReadonlyArray<readonly [Section, ProfileType]> = [
  ['redirectUrl', 'REDIRECT'],
  ['socialLinks', 'SOCIAL_LINKS'],
]

function sectionErrors(values: SettingsValues, section: Section): SettingsErrors {
  const errors: SettingsErrors = {}
  if (section === 'redirectUrl') {
    const redirect = v.safeParse(RedirectUrlSchema, values.redirectUrl)
    if (!redirect.success) errors.redirectUrl = redirect.issues[0].message
  } else {
    values.socialLinks.forEach((row, index) => {
      const message = socialUrlError(row)
      if (message) errors[`socialLinks.${index}.url`] = message
    })
  }
  return errors
}

/** The profile's own visitor pages: its addresses, on the origins this app knows for the site (its own page's). */
export type OwnSite = OwnAddresses & { siteOrigins: readonly string[] }

/**
 * Field errors in @mantine/form's path form ('socialLinks.2.url'); only the sections the chosen type shows are checked.
 * A shown Redirect URL that is the profile's own address is marked as the server would refuse it (decision 207), so
 * the owner learns at once, offline too; behind another type it sends nobody anywhere and is kept.
 */
export function validateSettings(values: SettingsValues, own?: OwnSite): SettingsErrors {
  const shown = SECTION_TYPES.find(([, type]) => type === values.profileType)?.[0]
  const errors = shown ? sectionErrors(values, shown) : {}
  if (shown === 'redirectUrl' && !errors.redirectUrl && own) {
    const url = v.parse(RedirectUrlSchema, values.redirectUrl)
    if (url !== '' && isOwnPublicAddress(url, own.siteOrigins, own)) errors.redirectUrl = PROFILE_MESSAGES.redirectLoop
  }
  return errors
}

/** Sections the chosen type hides whose values would be refused: Save leaves them as stored (toProfileSettings). */
export function hiddenInvalidSections(values: SettingsValues): Section[] {
  return SECTION_TYPES.filter(([section, type]) => type !== values.profileType && Object.keys(sectionErrors(values, section)).length > 0).map(([section]) => section)
}

/** What the 'Saved' toast adds when a hidden section was left as stored: the owner's draft there was not kept. */
export function unsavedHiddenMessage(values: SettingsValues): string | undefined {
  const hidden = hiddenInvalidSections(values)
  if (hidden.length === 0) return undefined
  const names = hidden.map((section) => (section === 'redirectUrl' ? 'the Redirect URL' : 'the social links'))
  const plural = hidden.length > 1 || hidden[0] === 'socialLinks'
  return `Not saved: ${names.join(' and ')}, which ${plural ? 'are' : 'is'} not valid. Choose ${hidden.length > 1 ? 'those types' : 'that type'} again to fix ${plural ? 'them' : 'it'}.`
}

/** The toast of a refused Save: which field to fix, in words (the field itself is marked and scrolled to). */
export function invalidSettingsMessage(errors: Record<string, unknown>): string {
  const keys = Object.keys(errors).filter((key) => typeof errors[key] === 'string')
  const link = keys.map((key) => /^socialLinks\.(\d+)\.url$/.exec(key)).find((match) => match !== null)
  if (link) return `Link ${Number(link[1]) + 1} has an invalid URL. Fix the marked field and save again.`
  if (errors.redirectUrl === PROFILE_MESSAGES.redirectLoop) return 'The redirect URL is your own public address. Fix the marked field and save again.'
  if (keys.includes('redirectUrl')) return 'The redirect URL is invalid. Fix the marked field and save again.'
  return 'Fix the marked fields and save again.'
}
