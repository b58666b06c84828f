// The scan fast path writes the same security headers as the middleware, HSTS included when PUBLIC_URL is https.
import { describe, expect, it } from 'vitest'
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
})
