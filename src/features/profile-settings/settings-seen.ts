// Owns comparing settings as the owner sees them: whether a form holds changes, and whether the stored profile moved
// under an open form (another tab or device saved; decision 205).
import { PROFILE_SETTINGS_FIELDS } from '../../contract/profile.ts'
import { isBlankRow } from './social-link-rows.ts'
import type { SettingsValues } from './settings-values.ts'

/** What the owner would see: every field, the links by platform and address; ids, row keys and blank rows aside. */
function seen(values: SettingsValues): string {
  const fields = PROFILE_SETTINGS_FIELDS.filter((key) => key !== 'socialLinks').map((key) => [key, values[key]])
  const links = values.socialLinks.filter((row) => !isBlankRow(row)).map((row) => [row.platform.trim(), row.url.trim()])
  return JSON.stringify([fields, links])
}

export function sameSettings(a: SettingsValues, b: SettingsValues): boolean {
  return a === b || seen(a) === seen(b)
}
