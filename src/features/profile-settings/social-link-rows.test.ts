import { describe, expect, it } from 'vitest'
import { emptyRow, exampleHost, openableUrl, rowIcon, rowsFromLinks, socialUrlError, withPlatform, withUrl } from './social-link-rows.ts'

describe("typing a URL fills an empty platform from the detected platform", () => {
  const cases = [
    { name: 'an empty platform takes the detected one', platform: '', url: 'instagram.com/me', expected: 'instagram' },
    { name: 'mailto: gives email', platform: '', url: 'mailto:me@example.com', expected: 'email' },
    { name: 'tel: gives phone', platform: '', url: 'tel:+3312345', expected: 'phone' },
    { name: 'x.com gives twitter', platform: '', url: 'https://x.com/me', expected: 'twitter' },
    { name: 'an unknown host gives website', platform: '', url: 'my-site.example', expected: 'website' },
    { name: 'a typed platform is kept', platform: 'My shop', url: 'instagram.com/shop', expected: 'My shop' },
  ]
  for (const { name, platform, url, expected } of cases) {
    it(name, () => expect(withUrl({ ...emptyRow(), platform }, url).platform).toBe(expected))
  }

  it('a detected platform follows the URL as it is typed (not stuck on the first letter)', () => {
    let row = emptyRow()
    for (const url of ['i', 'instagram.c', 'instagram.com/me']) row = withUrl(row, url)
    expect(row.platform).toBe('instagram')
  })

  it('clearing the URL clears a detected platform again', () => {
    expect(withUrl(withUrl(emptyRow(), 'github.com/me'), '').platform).toBe('')
  })

  it('once the owner types a platform, the URL no longer changes it', () => {
    const row = withPlatform(withUrl(emptyRow(), 'github.com/me'), 'Code')
    expect(withUrl(row, 'gitlab.com/me').platform).toBe('Code')
  })

  it('a quick-add row keeps its platform when the URL is typed', () => {
    expect(withUrl(emptyRow('telegram'), 'example.com').platform).toBe('telegram')
  })
})

describe("an invalid URL gets 'Please enter a valid URL ({host} or mailto:/tel:)'", () => {
  const cases = [
    { platform: 'instagram', url: 'instagram.com/me', expected: null },
    { platform: 'email', url: 'mailto:me@example.com', expected: null },
    { platform: 'phone', url: 'tel:+33123', expected: null },
    { platform: 'website', url: '', expected: null },
    { platform: 'instagram', url: 'not a url', expected: 'Please enter a valid URL (instagram.com or mailto:/tel:)' },
    { platform: 'X', url: 'javascript:alert(1)', expected: 'Please enter a valid URL (x.com or mailto:/tel:)' },
    { platform: 'telegram', url: 'hello', expected: 'Please enter a valid URL (t.me or mailto:/tel:)' },
    { platform: '', url: 'ftp://files.example.com', expected: 'Please enter a valid URL (example.com or mailto:/tel:)' },
  ]
  for (const { platform, url, expected } of cases) {
    it(`${platform || '(no platform)'} + '${url}' -> ${expected ?? 'valid'}`, () => expect(socialUrlError({ platform, url })).toBe(expected))
  }

  it('the example host follows the platform name as owners type it', () => {
    expect([exampleHost('Instagram'), exampleHost('youtube'), exampleHost('Mastodon'), exampleHost('')]).toEqual([
      'instagram.com',
      'youtube.com',
      'example.com',
      'example.com',
    ])
  })
})

describe('row display', () => {
  it('the open-in-new-tab button opens the normalised address, only for a valid URL', () => {
    expect(openableUrl('github.com/me')).toBe('https://github.com/me')
    expect(openableUrl('mailto:me@example.com')).toBe('mailto:me@example.com')
    expect(openableUrl('not a url')).toBeNull()
    expect(openableUrl('')).toBeNull()
  })

  it('the icon comes from the URL, or from the platform name for a plain website', () => {
    expect(rowIcon({ platform: 'website', url: 'youtube.com/@me' })).toBe('youtube')
    expect(rowIcon({ platform: 'Spotify', url: 'my-site.example' })).toBe('spotify')
    expect(rowIcon({ platform: '', url: '' })).toBe('website')
  })

  it('stored links become rows; local stand-in ids (negative) are not sent back', () => {
    const rows = rowsFromLinks([
      { id: 7, platform: 'github', url: 'https://github.com/me' },
      { id: -1, platform: 'email', url: 'mailto:me@example.com' },
    ])
    expect(rows.map((row) => row.id)).toEqual([7, undefined])
    expect(new Set(rows.map((row) => row.key)).size).toBe(2)
  })
})
