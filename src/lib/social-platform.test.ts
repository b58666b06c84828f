import { describe, expect, it } from 'vitest'
import { detectPlatform, platformFromName, resolvePlatform } from './social-platform.ts'

describe('detectPlatform', () => {
  it.each([
    ['mailto:me@example.com', 'email'],
    ['MAILTO:me@example.com', 'email'],
    ['tel:+3312345678', 'phone'],
    ['https://github.com/octocat', 'github'],
    ['https://www.linkedin.com/in/someone', 'linkedin'],
    ['https://instagram.com/someone', 'instagram'],
    ['instagram.com/someone', 'instagram'],
    ['https://x.com/someone', 'twitter'],
    ['https://twitter.com/someone', 'twitter'],
    ['https://mobile.twitter.com/someone', 'twitter'],
    ['https://www.facebook.com/someone', 'facebook'],
    ['https://m.facebook.com/someone', 'facebook'],
    ['https://www.twitch.tv/someone', 'twitch'],
    ['https://open.spotify.com/artist/1', 'spotify'],
    ['https://www.pinterest.com/someone', 'pinterest'],
    ['https://t.me/someone', 'telegram'],
    ['https://www.youtube.com/@someone', 'youtube'],
    ['https://youtu.be/abc', 'youtube'],
    ['https://GITHUB.COM/Octocat', 'github'],
    ['https://github.com./octocat', 'github'],
    ['https://example.com', 'website'],
    // Lookalike hosts must not borrow a platform's icon.
    ['https://box.com/x', 'website'],
    ['https://notgithub.com/x', 'website'],
    ['https://github.com.evil.example/x', 'website'],
    ['https://example.com/?next=https://github.com', 'website'],
    ['', 'website'],
    ['not a url at all', 'website'],
  ])('detects %s as %s', (url, expected) => {
    expect(detectPlatform(url)).toBe(expected)
  })
})

describe('platformFromName', () => {
  it.each([
    ['Instagram', 'instagram'],
    ['X', 'twitter'],
    ['twitter', 'twitter'],
    ['E-mail', 'email'],
    ['YouTube', 'youtube'],
    ['My blog', null],
    ['', null],
  ])('reads %j as %s', (name, expected) => {
    expect(platformFromName(name)).toBe(expected)
  })
})

describe('resolvePlatform', () => {
  it.each([
    ['Blog', 'https://github.com/me', 'github'],
    ['Instagram', 'https://example.com/me', 'instagram'],
    ['Shop', 'https://example.com', 'website'],
    ['email', 'mailto:me@example.com', 'email'],
  ])('shows %s with %s as %s', (name, url, expected) => {
    expect(resolvePlatform(name, url)).toBe(expected)
  })
})
