// Owns the profile settings form's values: from the local profile, their checks, and the settings the write takes.
import * as v from 'valibot'
import { PROFILE_SETTINGS_FIELDS, RedirectUrlSchema, type ProfileSettingsField, type ProfileType, type StoredProfileFields } from '../../contract/profile.ts'
import type { LocalProfile } from '../../local/db.ts'
import { changedFields } from '../../local/outbox-rules.ts'
import type { ProfileSettings } from '../../local/writes.ts'
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
 * where they left them. Blank link rows are dropped.
 */
export function toProfileSettings(values: SettingsValues, opened?: SettingsValues): ProfileSettings {
  const settings = allSettings(values)
  if (!opened) return settings
  const before = allSettings(opened)
  const changes = changedFields(before, settings)
  // Links are merged one by one against what the form showed (decision 157), not against what arrived meanwhile.
  return changes.socialLinks ? { ...changes, linksOpened: before.socialLinks } : changes
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

/** Field errors in @mantine/form's path form ('socialLinks.2.url'); only the sections the chosen type shows are checked. */
export function validateSettings(values: SettingsValues): SettingsErrors {
  const errors: SettingsErrors = {}
  if (values.profileType === 'REDIRECT') {
    const redirect = v.safeParse(RedirectUrlSchema, values.redirectUrl)
    if (!redirect.success) errors.redirectUrl = redirect.issues[0].message
  }
  if (values.profileType === 'SOCIAL_LINKS') {
    values.socialLinks.forEach((row, index) => {
      const message = socialUrlError(row)
      if (message) errors[`socialLinks.${index}.url`] = message
    })
  }
  return errors
}

/** The toast of a refused Save: which field to fix, in words (the field itself is marked and scrolled to). */
export function invalidSettingsMessage(errors: Record<string, unknown>): string {
  const keys = Object.keys(errors).filter((key) => typeof errors[key] === 'string')
  const link = keys.map((key) => /^socialLinks\.(\d+)\.url$/.exec(key)).find((match) => match !== null)
  if (link) return `Link ${Number(link[1]) + 1} has an invalid URL. Fix the marked field and save again.`
  if (keys.includes('redirectUrl')) return 'The redirect URL is invalid. Fix the marked field and save again.'
  return 'Fix the marked fields and save again.'
}
