import { describe, expect, it } from 'vitest'
import type { ProfileView } from './profile-view.ts'
import { imageSrc, productHref, selectProfileView, uploadSrcSet, visitorLinks } from './profile-view.ts'
import { sampleProfile } from './test-profile.ts'

const links = [
  { id: 1, platform: 'Instagram', url: 'https://instagram.com/alice' },
  { id: 2, platform: '', url: 'mailto:alice@example.com' },
  { id: 3, platform: 'Evil', url: 'javascript:alert(1)' },
  { id: 4, platform: 'Blog', url: 'https://alice.example' },
]

describe('selectProfileView', () => {
  it.each<[string, Parameters<typeof sampleProfile>[0], ProfileView['kind'], Partial<ProfileView>]>([
    ['a wishlist', { profileType: 'WISHLIST' }, 'wishlist', {}],
    ['custom text', { profileType: 'CUSTOM_TEXT', customText: 'Hi!\n<b>bold</b>' }, 'custom-text', { text: 'Hi!\n<b>bold</b>' }],
    ['custom text that is blank', { profileType: 'CUSTOM_TEXT', customText: '  \n' }, 'custom-text', { text: null }],
    ['social links', { profileType: 'SOCIAL_LINKS' }, 'social-links', {}],
    ['a redirect', { profileType: 'REDIRECT', redirectUrl: 'https://example.com/x' }, 'redirect', { url: 'https://example.com/x' }],
    ['a redirect without a URL', { profileType: 'REDIRECT', redirectUrl: '' }, 'redirect', { url: null }],
    ['a redirect to a script URL', { profileType: 'REDIRECT', redirectUrl: 'javascript:alert(1)' }, 'redirect', { url: null }],
    ['any other type', { profileType: 'GALLERY' }, 'unsupported', {}],
  ])('shows %s', (_, overrides, kind, extra) => {
    expect(selectProfileView(sampleProfile(overrides))).toMatchObject({ kind, ...extra })
  })

  it('gives custom text its social link buttons', () => {
    const view = selectProfileView(sampleProfile({ profileType: 'CUSTOM_TEXT', socialLinks: links }))
    expect(view.kind === 'custom-text' && view.links.map((link) => link.key)).toEqual(['1', '2', '4'])
  })
})

describe('visitorLinks', () => {
  it('keeps only http(s), mailto and tel links, with their platform icons and proper names', () => {
    expect(visitorLinks({ socialLinks: links })).toEqual([
      { key: '1', platform: 'instagram', label: 'Instagram', href: 'https://instagram.com/alice' },
      { key: '2', platform: 'email', label: 'Email', href: 'mailto:alice@example.com' },
      { key: '4', platform: 'website', label: 'Blog', href: 'https://alice.example/' },
    ])
  })
})

describe("a link's proper name", () => {
  it.each<[string, string, string]>([
    ['instagram', 'https://instagram.com/alice', 'Instagram'],
    ['twitter', 'https://x.com/alice', 'X'],
    ['', 'https://twitter.com/alice', 'X'],
    ['github', 'https://github.com/alice', 'GitHub'],
    ['youtube', 'https://youtu.be/abc', 'YouTube'],
    ['Blog', 'https://alice.example/', 'Blog'],
    ['', 'https://alice.example/', 'Website'],
    // The editor fills an empty platform with the detected one, so a plain URL is stored as 'website'.
    ['website', 'https://alice.example/', 'Website'],
    ['WEBSITE ', 'https://alice.example/', 'Website'],
    ['email', 'mailto:alice@example.com', 'Email'],
    ['phone', 'tel:+3312345678', 'Phone'],
  ])('%j + %s -> %s', (platform, url, label) => {
    expect(visitorLinks({ socialLinks: [{ id: 1, platform, url }] })[0]?.label).toBe(label)
  })
})

describe('productHref', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['https://shop.example/p/1', 'https://shop.example/p/1'],
    ['shop.example/p/1', 'https://shop.example/p/1'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
  ])('%j -> %j', (url, expected) => {
    expect(productHref(url)).toBe(expected)
  })
})

describe('imageSrc', () => {
  it.each<[string | null, boolean, string | null]>([
    [null, true, null],
    ['/api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01', true, '/api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01'],
    ['https://cdn.example/a.png', true, null],
    ['http://cdn.example/a.png', true, null],
    ['http://cdn.example/a.png', false, null],
    ['//tracker.example/pixel.gif', true, null],
    ['/api/public/print-files/x.png', true, null],
    ['javascript:alert(1)', true, null],
    ['/api/../etc/passwd"onerror=', true, null],
  ])('%j on https=%s -> %j', (url, https, expected) => {
    expect(imageSrc(url, https)).toBe(expected)
  })
})

describe('uploadSrcSet', () => {
  it.each([
    ['/api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01', '/api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01?w=480 480w, /api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01?w=720 720w, /api/uploads/3f1c1f7e-2f5b-4c59-9a4e-0d4b1e9b6a01?w=960 960w'],
    ['https://images.example/cup.jpg', null],
    ['/api/uploads/abc?w=480', null],
    [null, null],
  ])('%s -> %s', (src, expected) => expect(uploadSrcSet(src)).toBe(expected))
})
