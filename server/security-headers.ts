// Security headers for every response: a CSP with no inline scripts, no framing, no referrer, no sniffing.
import type { MiddlewareHandler } from 'hono'

// Styles may be inline because Mantine sets element styles at run time; scripts may not. The captcha (Turnstile)
// is the only third party, and only for its script and frame.
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://challenges.cloudflare.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
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

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  const h = c.res.headers
  h.set('Content-Security-Policy', CSP)
  h.set('Referrer-Policy', 'no-referrer')
  h.set('X-Content-Type-Options', 'nosniff')
  h.set('X-Frame-Options', 'DENY')
  h.set('Cross-Origin-Opener-Policy', 'same-origin')
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
}
