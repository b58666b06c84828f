// Owns the social-link editor's row state (spec section 2): detected platforms, URL checks and quick-add rows.
import * as v from 'valibot'
import { PROFILE_MESSAGES, SocialUrlSchema, type SocialLink } from '../../contract/profile.ts'
import { detectPlatform, platformFromName, resolvePlatform, type SocialPlatform } from '../../lib/social-platform.ts'

export type SocialLinkRow = {
  /** React key: the server id for stored links, a local counter for new rows. */
  key: string
  /** The server's id, sent back so the server updates the link instead of replacing it. */
  id?: number
  platform: string
  url: string
  /** True while the platform was filled from the URL, so it keeps following the URL until the owner types one. */
  platformDetected: boolean
}

let rowCounter = 0
const newRowKey = () => `new-${++rowCounter}`

export function rowsFromLinks(links: ReadonlyArray<SocialLink>): SocialLinkRow[] {
  // Negative ids are local stand-ins for links not synced yet (src/local/writes.ts); the server must not see them.
  return links.map((link) => ({
    key: `link-${link.id}`,
    ...(link.id > 0 ? { id: link.id } : {}),
    platform: link.platform,
    url: link.url,
    platformDetected: false,
  }))
}

export function emptyRow(platform = ''): SocialLinkRow {
  return { key: newRowKey(), platform, url: '', platformDetected: false }
}

/** Spec: 'Typing a URL fills an empty platform from the detected platform.' */
export function withUrl(row: SocialLinkRow, url: string): SocialLinkRow {
  const fillsPlatform = row.platform.trim() === '' || row.platformDetected
  if (!fillsPlatform) return { ...row, url }
  if (url.trim() === '') return { ...row, url, platform: '', platformDetected: false }
  return { ...row, url, platform: detectPlatform(url), platformDetected: true }
}

export function withPlatform(row: SocialLinkRow, platform: string): SocialLinkRow {
  return { ...row, platform, platformDetected: false }
}

/** Addresses the error message names as an example, per platform; the rest show example.com. */
const EXAMPLE_HOSTS: Partial<Record<SocialPlatform, string>> = {
  github: 'github.com',
  linkedin: 'linkedin.com',
  instagram: 'instagram.com',
  twitter: 'x.com',
  facebook: 'facebook.com',
  twitch: 'twitch.tv',
  spotify: 'spotify.com',
  pinterest: 'pinterest.com',
  telegram: 't.me',
  youtube: 'youtube.com',
}

export function exampleHost(platformName: string): string {
  const platform = platformFromName(platformName)
  return (platform && EXAMPLE_HOSTS[platform]) ?? 'example.com'
}

/** The red-border message of a row's URL, or null when it is empty or valid. */
export function socialUrlError(row: Pick<SocialLinkRow, 'platform' | 'url'>): string | null {
  if (row.url.trim() === '') return null
  return v.safeParse(SocialUrlSchema, row.url).success ? null : PROFILE_MESSAGES.socialUrl(exampleHost(row.platform))
}

/** The normalised address the open-in-new-tab button opens; null when there is nothing valid to open. */
export function openableUrl(url: string): string | null {
  if (url.trim() === '') return null
  const parsed = v.safeParse(SocialUrlSchema, url)
  return parsed.success ? parsed.output : null
}

export function rowIcon(row: Pick<SocialLinkRow, 'platform' | 'url'>): SocialPlatform {
  return resolvePlatform(row.platform, row.url)
}

export const QUICK_ADD_PLATFORMS: ReadonlyArray<{ platform: SocialPlatform; label: string }> = [
  { platform: 'instagram', label: 'Instagram' },
  { platform: 'telegram', label: 'Telegram' },
  { platform: 'twitter', label: 'X' },
  { platform: 'youtube', label: 'YouTube' },
]

/** A blank row goes nowhere; the server gets only rows with a URL or a platform. */
export function isBlankRow(row: Pick<SocialLinkRow, 'platform' | 'url'>): boolean {
  return row.platform.trim() === '' && row.url.trim() === ''
}
