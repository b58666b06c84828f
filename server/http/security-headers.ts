// Security headers for every response: a CSP with no inline scripts but the visitor document's theme line (by its
// hash), no framing, no referrer, no sniffing; and HSTS when the site is served over https.
import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { THEME_BEFORE_PAINT } from '../../src/lib/theme-before-paint.ts'

/** A CSP source that allows one inline script, this exact text and nothing else. */
export const scriptHashSource = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

// Styles may be inline because Mantine sets element styles at run time; scripts may not, but for the visitor page's
// colour scheme before its first paint (decision 188). The captcha (Turnstile) is the only third party, and only for
// its script and frame.
const CSP = [
  "default-src 'self'",
  `script-src 'self' ${scriptHashSource(THEME_BEFORE_PAINT)} https://challenges.cloudflare.com`,
  "style-src 'self' 'unsafe-inline'",
  // Every image is ours (issue 28): an address on another host would let that host follow visitors.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  'frame-src https://challenges.cloudflare.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

/** One list for the middleware and the scan fast path (server/scans/fast-path.ts), so the two cannot drift. */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CSP],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
]

/** A year, and every subdomain: once a browser has seen the https site it never asks it over http again. */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** The list for a server whose PUBLIC_URL is `publicUrl`: HSTS only when that is https (an http site cannot set it). */
export function securityHeadersFor(publicUrl: string): ReadonlyArray<readonly [string, string]> {
  return publicUrl.startsWith('https://') ? [...SECURITY_HEADERS, ['Strict-Transport-Security', HSTS]] : SECURITY_HEADERS
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The list for a redirect: without Cross-Origin-Opener-Policy. A redirect has no document for it to protect, and
 * Chromium applies it on every hop: a 302 carrying it moves the destination into a new browsing context group, a new
 * renderer process started before the destination loads. A redirect profile's scan reached its destination about
 * 170 ms later at CPU 4x than through a bare 302 (bench:public); the destination's own policy still applies to it.
 */
export function forRedirect(headers: ReadonlyArray<readonly [string, string]>): ReadonlyArray<readonly [string, string]> {
  return headers.filter(([name]) => name !== 'Cross-Origin-Opener-Policy')
}

export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const headers = securityHeadersFor(publicUrl)
  const redirectHeaders = forRedirect(headers)
  return async (c, next) => {
    await next()
    const h = c.res.headers
    for (const [name, value] of REDIRECTS.has(c.res.status) ? redirectHeaders : headers) h.set(name, value)
  }
}
