import { describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES, PROFILE_SETTINGS_FIELDS } from '../../contract/profile.ts'
import { sampleProfile } from '../../local/testing.ts'
import { EMPTY_PASSWORD_VALUES, checkPasswordChange } from './password-change.ts'
import { profileLoad } from './profile-load-state.ts'
import { invalidSettingsMessage, toProfileSettings, toSettingsValues, unsavedHiddenMessage, validateSettings } from './settings-values.ts'
import { emptyRow } from './social-link-rows.ts'

describe('settings values to and from the local profile', () => {
  it('the profile fills the form, and saving sends every field with blank link rows dropped', () => {
    const profile = sampleProfile({ profileType: 'SOCIAL_LINKS', isPublic: false, socialLinks: [{ id: 3, platform: 'github', url: 'https://github.com/me' }] })
    const values = toSettingsValues(profile)
    expect(values).toMatchObject({ profileType: 'SOCIAL_LINKS', isPublic: false, description: 'Hello' })
    const settings = toProfileSettings({ ...values, socialLinks: [...values.socialLinks, emptyRow(), { ...emptyRow(), platform: ' instagram ', url: ' instagram.com/me ' }] })
    expect(settings).toEqual({
      ...Object.fromEntries(PROFILE_SETTINGS_FIELDS.map((key) => [key, profile[key]])),
      socialLinks: [
        { id: 3, platform: 'github', url: 'https://github.com/me' },
        { platform: 'instagram', url: 'instagram.com/me' },
      ],
    })
  })
})

describe('Save sends only what the owner changed since the form opened', () => {
  const opened = toSettingsValues(sampleProfile({ isPublic: true, socialLinks: [{ id: 3, platform: 'github', url: 'https://github.com/me' }] }))
  const cases = [
    { name: 'nothing changed: nothing', values: opened, expected: {} },
    { name: 'a description edit does not send the visibility switch', values: { ...opened, description: 'New' }, expected: { description: 'New' } },
    { name: 'the switch is sent when it moved', values: { ...opened, isPublic: false }, expected: { isPublic: false } },
    { name: 'moved and moved back: not sent', values: { ...opened, isPublic: true }, expected: {} },
    {
      name: 'a link edit passes the list with the links the form opened with (merged link by link, decision 157)',
      values: { ...opened, socialLinks: [{ ...opened.socialLinks[0]!, url: 'https://github.com/you' }] },
      expected: {
        socialLinks: [{ id: 3, platform: 'github', url: 'https://github.com/you' }],
        linksOpened: [{ id: 3, platform: 'github', url: opened.socialLinks[0]!.url }],
      },
    },
    { name: 'a blank row added is no change', values: { ...opened, socialLinks: [...opened.socialLinks, emptyRow()] }, expected: {} },
    {
      name: 'a bad Redirect URL left behind another type stays as stored, and the rest is saved',
      values: { ...opened, profileType: 'SOCIAL_LINKS' as const, redirectUrl: 'not a url at all', description: 'New' },
      expected: { profileType: 'SOCIAL_LINKS', description: 'New' },
    },
    {
      name: 'a valid Redirect URL behind another type is kept for later',
      values: { ...opened, profileType: 'WISHLIST' as const, redirectUrl: 'https://example.com/shop' },
      expected: { redirectUrl: 'https://example.com/shop' },
    },
    {
      name: 'bad links behind another type stay as stored',
      values: { ...opened, profileType: 'REDIRECT' as const, redirectUrl: 'https://example.com/shop', socialLinks: [{ ...opened.socialLinks[0]!, url: 'not a url' }] },
      expected: { profileType: 'REDIRECT', redirectUrl: 'https://example.com/shop' },
    },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(toProfileSettings(values, opened)).toEqual(expected))
  }
})

describe('the Saved toast names a hidden section it left as stored', () => {
  const base = toSettingsValues(sampleProfile())
  const badLinks = [{ ...emptyRow('instagram'), url: 'not a url' }]
  const cases = [
    { name: 'all valid: nothing to add', values: base, expected: undefined },
    { name: 'a bad redirect behind Wishlist', values: { ...base, redirectUrl: 'nope' }, expected: 'Not saved: the Redirect URL, which is not valid. Choose that type again to fix it.' },
    { name: 'a bad redirect shown is the form\'s to mark, not this', values: { ...base, profileType: 'REDIRECT' as const, redirectUrl: 'nope' }, expected: undefined },
    { name: 'bad links behind Redirect', values: { ...base, profileType: 'REDIRECT' as const, redirectUrl: 'https://example.com', socialLinks: badLinks }, expected: 'Not saved: the social links, which are not valid. Choose that type again to fix them.' },
    {
      name: 'both hidden and bad',
      values: { ...base, redirectUrl: 'nope', socialLinks: badLinks },
      expected: 'Not saved: the Redirect URL and the social links, which are not valid. Choose those types again to fix them.',
    },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(unsavedHiddenMessage(values)).toBe(expected))
  }
})

describe('settings validation checks only the sections the chosen type shows', () => {
  const base = toSettingsValues(sampleProfile())
  const badLinks = [{ ...emptyRow('instagram'), url: 'not a url' }]
  const cases = [
    { name: 'wishlist ignores a bad redirect and bad links', values: { ...base, redirectUrl: 'nope', socialLinks: badLinks }, expected: {} },
    { name: 'redirect needs a web address', values: { ...base, profileType: 'REDIRECT' as const, redirectUrl: 'nope' }, expected: { redirectUrl: 'Please enter a valid web address (https://...).' } },
    { name: 'redirect accepts a bare host', values: { ...base, profileType: 'REDIRECT' as const, redirectUrl: 'example.com/page' }, expected: {} },
    {
      name: 'social links mark the bad row by index',
      values: { ...base, profileType: 'SOCIAL_LINKS' as const, socialLinks: [emptyRow(), ...badLinks] },
      expected: { 'socialLinks.1.url': 'Please enter a valid URL (instagram.com or mailto:/tel:)' },
    },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(validateSettings(values)).toEqual(expected))
  }
})

describe('a shown Redirect URL to the profile\'s own page is marked before Save (decision 207)', () => {
  const own = { siteOrigins: ['http://localhost:5199'], shareableId: 'abcd1234', username: 'owner' }
  const redirect = (redirectUrl: string, profileType: 'REDIRECT' | 'WISHLIST' = 'REDIRECT') => ({ ...toSettingsValues(sampleProfile()), profileType, redirectUrl })
  const cases = [
    { name: 'the Public address', values: redirect('http://localhost:5199/profile/abcd1234'), expected: { redirectUrl: PROFILE_MESSAGES.redirectLoop } },
    { name: 'typed without a scheme, by username', values: redirect('localhost:5199/profile/Owner/'), expected: { redirectUrl: PROFILE_MESSAGES.redirectLoop } },
    { name: 'another profile', values: redirect('http://localhost:5199/profile/zzzz9999'), expected: {} },
    { name: 'another site', values: redirect('https://example.com/profile/abcd1234'), expected: {} },
    { name: 'behind another type it sends nobody anywhere', values: redirect('http://localhost:5199/profile/abcd1234', 'WISHLIST'), expected: {} },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(validateSettings(values, own)).toEqual(expected))
  }
  it('the refused Save says why in its toast', () => {
    expect(invalidSettingsMessage({ redirectUrl: PROFILE_MESSAGES.redirectLoop })).toBe('The redirect URL is your own public address. Fix the marked field and save again.')
  })
})

describe('password change: applies only if a new password is entered (spec section 5)', () => {
  const cases = [
    { name: 'no new password: nothing to change', values: { ...EMPTY_PASSWORD_VALUES, currentPassword: 'old-secret' }, expected: { kind: 'skip' } },
    {
      name: "'New password must be at least 6 characters.'",
      values: { currentPassword: 'old-secret', newPassword: '12345', confirmPassword: '12345' },
      expected: { kind: 'invalid', field: 'newPassword', message: 'New password must be at least 6 characters.' },
    },
    {
      name: "'New password and confirmation must match.'",
      values: { currentPassword: 'old-secret', newPassword: '123456', confirmPassword: '123457' },
      expected: { kind: 'invalid', field: 'confirmPassword', message: 'New password and confirmation must match.' },
    },
    {
      name: "'Please enter your current password to change it.'",
      values: { currentPassword: '', newPassword: '123456', confirmPassword: '123456' },
      expected: { kind: 'invalid', field: 'currentPassword', message: 'Please enter your current password to change it.' },
    },
    {
      name: 'a valid change sends currentPassword and newPassword only',
      values: { currentPassword: 'old-secret', newPassword: '123456', confirmPassword: '123456' },
      expected: { kind: 'change', body: { currentPassword: 'old-secret', newPassword: '123456' } },
    },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(checkPasswordChange(values)).toEqual(expected))
  }
})

describe("'Failed to load profile' only after the first sync attempt ended without a profile", () => {
  const profile = sampleProfile()
  const cases = [
    { name: 'a stored profile is loaded whatever the sync does', profile, syncState: null, expected: 'loaded' },
    { name: 'no profile before any sync: still loading', profile: null, syncState: null, expected: 'loading' },
    { name: 'no profile while syncing: still loading', profile: null, syncState: { phase: 'syncing' as const, message: null }, expected: 'loading' },
    { name: 'no profile after a finished pass: failed', profile: null, syncState: { phase: 'idle' as const, message: null }, expected: 'failed' },
    { name: 'no profile after an offline pass: failed', profile: null, syncState: { phase: 'waiting' as const, message: 'Offline' }, expected: 'failed' },
  ]
  for (const { name, profile: stored, syncState, expected } of cases) {
    it(name, () => expect(profileLoad(stored, syncState).status).toBe(expected))
  }
})
