// The headers of the two answers a scan gets (the public profile JSON and the visitor document), built here for both
// the Hono routes and the fast path (server/scans/fast-path.ts), and the wire form in which @hono/node-server writes them.
import { SECURITY_HEADERS } from '../http/security-headers.ts'

// Short, so the off-switch and a purchase show within seconds; the ETag makes the revalidation cheap.
export const PUBLIC_PROFILE_CACHE_CONTROL = 'public, max-age=10'
export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8'
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8'

export type Encoding = 'br' | 'gzip' | undefined

/** GET /api/profiles/{id}: a 304 carries no Content-Type, a 200 does. */
export function publicProfileHeaders(etag: string, answer: { status: 200; encoding: Encoding } | { status: 304 }): Record<string, string> {
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': PUBLIC_PROFILE_CACHE_CONTROL, Vary: 'Accept-Encoding' }
  if (answer.status === 304) return headers
  if (answer.encoding) headers['Content-Encoding'] = answer.encoding
  headers['Content-Type'] = JSON_CONTENT_TYPE
  return headers
}

/** /profile/{id} with a rendered page: revalidated on every visit (no-cache), so an owner's change shows at once. */
export function visitorDocumentHeaders(etag: string, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': HTML_CONTENT_TYPE, 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding' }
  if (encoding) headers['Content-Encoding'] = encoding
  return headers
}

/** /profile/{id} of a redirect profile: the owner may point the shirt elsewhere at any moment, so the hop is never stored. */
export function redirectHeaders(location: string): Record<string, string> {
  return { Location: location, 'Cache-Control': 'no-store' }
}

/**
 * The flat header list the adapter writes for a route's headers: the security headers joined in, every name lower
 * case in the order a fetch Headers object iterates (sorted). The request id (which sorts last) and Content-Length
 * follow per request.
 */
export function wireHeaders(routeHeaders: Record<string, string>, security: ReadonlyArray<readonly [string, string]> = SECURITY_HEADERS): string[] {
  const all = new Map<string, string>()
  for (const [name, value] of Object.entries(routeHeaders)) all.set(name.toLowerCase(), value)
  for (const [name, value] of security) all.set(name.toLowerCase(), value)
  return [...all.keys()].sort().flatMap((name) => [name, all.get(name) ?? ''])
}
