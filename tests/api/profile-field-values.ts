// Two edits of every editable profile field, for tests/api/profile-fields.test.ts and the tests that set a whole profile.
import type { ProfileSettings } from '../../src/local/writes.ts'

/**
 * Every field the local settings write takes, each value passing the contract and unlike the one before it (a new
 * account's, then FIRST's), so every field travels in each edit. A new field without its values does not compile.
 * The photo (`profileImageId`) is not here: it is a picked image whose id the server gives (`PHOTOS`).
 */
export type ProfileFieldValues = Required<Omit<ProfileSettings, 'linksOpened'>>

/** Switched off: a visitor finds nothing. */
export const FIRST: ProfileFieldValues = {
  description: 'Every profile field, set once.',
  profileType: 'REDIRECT',
  customText: 'Custom words, first.',
  redirectUrl: 'https://example.org/first',
  contactInfo: 'Ring me first: +49 170 1111111',
  socialLinks: [{ platform: 'github', url: 'https://github.com/first' }],
  isPublic: false,
  emailOnGift: false,
  emailOnOrder: false,
}

/** Public again, as custom text with its links. */
export const SECOND: ProfileFieldValues = {
  description: 'Every profile field, set twice.',
  profileType: 'CUSTOM_TEXT',
  customText: 'Custom words, second.',
  redirectUrl: 'https://example.org/second',
  contactInfo: 'Ring me second: +49 170 2222222',
  socialLinks: [
    { platform: 'instagram', url: 'https://instagram.com/second' },
    { platform: 'github', url: 'https://github.com/second' },
  ],
  isPublic: true,
  emailOnGift: true,
  emailOnOrder: true,
}

/** The photo picked with FIRST and with SECOND (tests/fixtures/images). */
export const PHOTOS = [
  { file: 'small.png', type: 'image/png' },
  { file: 'small.webp', type: 'image/webp' },
] as const
