import { describe, expect, it } from 'vitest'
import { sampleProfile } from '../../local/testing.ts'
import { sameSettings } from './settings-seen.ts'
import { toSettingsValues } from './settings-values.ts'
import { emptyRow } from './social-link-rows.ts'

describe('settings as the owner sees them', () => {
  const opened = toSettingsValues(sampleProfile({ profileType: 'SOCIAL_LINKS', socialLinks: [{ id: -1, platform: 'github', url: 'https://github.com/me' }] }))

  it('a link that got its server id, a blank row and spaces around a link are no change', () => {
    const synced = toSettingsValues(sampleProfile({ profileType: 'SOCIAL_LINKS', socialLinks: [{ id: 7, platform: 'github', url: 'https://github.com/me' }] }))
    expect(sameSettings(opened, synced)).toBe(true)
    expect(sameSettings(opened, { ...opened, socialLinks: [...opened.socialLinks, emptyRow()] })).toBe(true)
    expect(sameSettings(opened, { ...opened, socialLinks: opened.socialLinks.map((row) => ({ ...row, url: ` ${row.url} ` })) })).toBe(true)
  })

  it('a description, the type, the switch or a link address are a change', () => {
    expect(sameSettings(opened, { ...opened, description: 'Saved in the other tab' })).toBe(false)
    expect(sameSettings(opened, { ...opened, profileType: 'WISHLIST' })).toBe(false)
    expect(sameSettings(opened, { ...opened, isPublic: !opened.isPublic })).toBe(false)
    expect(sameSettings(opened, { ...opened, socialLinks: opened.socialLinks.map((row) => ({ ...row, url: 'https://github.com/you' })) })).toBe(false)
    expect(sameSettings(opened, { ...opened, socialLinks: [] })).toBe(false)
  })
})
