import { describe, expect, it } from 'vitest'
import { normalizeUrl, SOCIAL_SCHEMES, WEB_SCHEMES } from './safe-url.ts'

describe('normalizeUrl for social links', () => {
  it.each([
    ['instagram.com/me', 'https://instagram.com/me'],
    ['https://github.com/me', 'https://github.com/me'],
    ['http://example.org', 'http://example.org/'],
    ['  https://x.com/me  ', 'https://x.com/me'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+491701234567', 'tel:+491701234567'],
    ['example.com:8080/path', 'https://example.com:8080/path'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(normalizeUrl(raw, SOCIAL_SCHEMES)).toEqual({ ok: true, url: expected })
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript\u0000:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'file:///etc/passwd',
    'https://exa mple.com',
    'hello',
    'mailto:',
    'https://' + 'a'.repeat(2050) + '.com',
  ])('refuses %j', (raw) => {
    expect(normalizeUrl(raw, SOCIAL_SCHEMES)).toEqual({ ok: false })
  })
})

describe('normalizeUrl for redirects', () => {
  it('refuses mailto: where only web addresses are allowed', () => {
    expect(normalizeUrl('mailto:me@example.com', WEB_SCHEMES)).toEqual({ ok: false })
  })
  it('prepends https:// to a bare host', () => {
    expect(normalizeUrl('example.com/page', WEB_SCHEMES)).toEqual({ ok: true, url: 'https://example.com/page' })
  })
})
