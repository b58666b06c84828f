// The scan fast path writes the same security headers as the middleware, HSTS included when PUBLIC_URL is https.
import { describe, expect, it } from 'vitest'
import { visitorDocumentHeaders, wireHeaders } from '../public-profile/profile-headers.ts'
import { securityHeadersFor } from './security-headers.ts'

describe('security headers on the wire', () => {
  it.each([
    ['https://qrtee.example', 'max-age=31536000; includeSubDomains'],
    ['http://localhost:8080', undefined],
  ])('a scan answer of a server at %s carries Strict-Transport-Security %s', (publicUrl, expected) => {
    const head = wireHeaders(visitorDocumentHeaders('"etag"', undefined), securityHeadersFor(publicUrl))
    const at = head.indexOf('strict-transport-security')
    expect(at === -1 ? undefined : head[at + 1]).toBe(expected)
  })
})
