// The scan fast path writes the same security headers as the middleware, HSTS included when PUBLIC_URL is https; the
// CSP allows the visitor document's one inline line by its hash and no other inline script.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { THEME_BEFORE_PAINT } from '../../src/lib/theme-before-paint.ts'
import { redirectHeaders, visitorDocumentHeaders, wireHeaders } from '../public-profile/profile-headers.ts'
import { forRedirect, SECURITY_HEADERS, securityHeadersFor } from './security-headers.ts'

describe('security headers on the wire', () => {
  it.each([
    ['https://qrtee.example', 'max-age=31536000; includeSubDomains'],
    ['http://localhost:8080', undefined],
  ])('a scan answer of a server at %s carries Strict-Transport-Security %s', (publicUrl, expected) => {
    const head = wireHeaders(visitorDocumentHeaders('"etag"', undefined), securityHeadersFor(publicUrl))
    const at = head.indexOf('strict-transport-security')
    expect(at === -1 ? undefined : head[at + 1]).toBe(expected)
  })

  it('a redirect carries every security header but the opener policy, which a document keeps', () => {
    const names = (head: string[]) => head.filter((_, i) => i % 2 === 0)
    const security = securityHeadersFor('https://qrtee.example')
    const page = names(wireHeaders(visitorDocumentHeaders('"etag"', undefined), security))
    const redirect = names(wireHeaders(redirectHeaders('https://example.org/'), forRedirect(security)))
    expect(page).toContain('cross-origin-opener-policy')
    expect(redirect).not.toContain('cross-origin-opener-policy')
    for (const [name] of [...SECURITY_HEADERS, ['Strict-Transport-Security']]) {
      if (name !== 'Cross-Origin-Opener-Policy') expect(redirect).toContain(name.toLowerCase())
    }
  })

  it("the visitor document's theme line is profile.html's one inline script, in its head, byte for byte", () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../profile.html'), 'utf8')
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])
    expect(inline).toEqual([THEME_BEFORE_PAINT])
    expect(html.indexOf(THEME_BEFORE_PAINT)).toBeLessThan(html.indexOf('</head>'))
  })

  it('the CSP allows that line by its SHA-256, and inline scripts in general not', async () => {
    const csp = SECURITY_HEADERS.find(([name]) => name === 'Content-Security-Policy')?.[1] ?? ''
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? ''
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(THEME_BEFORE_PAINT))).toString('base64')
    expect(scriptSrc.split(' ')).toContain(`'sha256-${digest}'`)
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/)
  })
})
