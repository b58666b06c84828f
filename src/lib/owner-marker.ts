// Owns the owner's marker cookie (decision 105): while signed in, the owner's browser says which profile is its own,
// so the server and the visitor page leave the owner's looks at their own page out of the scan counts.
import { SCAN_OWNER_COOKIE } from './scan-owner-cookie.ts'

/** Browsers keep a cookie at most 400 days; the app renews it on every start with a session. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60

/** The document.cookie assignment that sets the marker, or (null) deletes it. */
export function ownerMarkerCookie(shareableId: string | null, secure: boolean): string {
  const attributes = ['Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])]
  if (shareableId === null) return [`${SCAN_OWNER_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ')
  return [`${SCAN_OWNER_COOKIE}=${encodeURIComponent(shareableId)}`, `Max-Age=${MAX_AGE_SECONDS}`, ...attributes].join('; ')
}

/** The shareableId the marker names in a Cookie header or document.cookie, or undefined. */
export function readOwnerMarker(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== SCAN_OWNER_COOKIE) continue
    const value = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(value) || undefined
    } catch {
      return value || undefined
    }
  }
  return undefined
}

/** Sets (or with null deletes) the marker in this browser; without a document (worker, tests in node) nothing happens. */
export function writeOwnerMarker(shareableId: string | null): void {
  if (typeof document === 'undefined') return
  const secure = typeof location !== 'undefined' && location.protocol === 'https:'
  const next = ownerMarkerCookie(shareableId, secure)
  // Unchanged: no write (the watcher reports every profile change).
  if (shareableId !== null && readOwnerMarker(document.cookie) === shareableId) return
  if (shareableId === null && readOwnerMarker(document.cookie) === undefined) return
  document.cookie = next
}
