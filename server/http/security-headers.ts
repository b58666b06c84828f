// Security headers for every response: a CSP with no inline scripts, no framing, no referrer, no sniffing; and HSTS
// when the site is served over https.
import type { MiddlewareHandler } from 'hono'

// Styles may be inline because Mantine sets element styles at run time; scripts may not. The captcha (Turnstile)
// is the only third party, and only for its script and frame.
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://challenges.cloudflare.com",
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

export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const headers = securityHeadersFor(publicUrl)
  return async (c, next) => {
    await next()
    const h = c.res.headers
    for (const [name, value] of headers) h.set(name, value)
  }
}
