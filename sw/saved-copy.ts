// Owns the pure parts of the public-profile cache: whose copy an answer is, the time stamps on saved copies, and
// cached redirect targets.
import * as v from 'valibot'
import { SHAREABLE_ID_PATTERN } from '../src/contract/profile.ts'
import { normalizeUrl, WEB_SCHEMES } from '../src/lib/safe-url.ts'
import { publicProfileIdFromApiPath } from '../src/contract/api-paths.ts'
// CACHED_AT_HEADER is stored on each cached copy when it is put, since a cached Response has no reliable "when" of its
// own; SAVED_COPY_HEADER is added when the page is answered from the cache, and the page shows 'You are offline.
// Showing a saved copy from ...'.
import { CACHED_AT_HEADER, SAVED_COPY_HEADER } from '../src/contract/names.ts'

/** A copy of `response` fit to cache: stamped with `now`, without encoding headers that described the wire bytes. */
export async function stampCachedAt(response: Response, now: Date): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set(CACHED_AT_HEADER, now.toISOString())
  // The body we hold is already decoded; keeping these would describe bytes that are no longer there.
  headers.delete('Content-Encoding')
  headers.delete('Content-Length')
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers })
}

/** The cached copy as the page receives it: marked as a saved copy, from the time it was cached. */
export function asSavedCopy(cached: Response): Response {
  const cachedAt = cached.headers.get(CACHED_AT_HEADER)
  if (cachedAt === null) return cached
  const headers = new Headers(cached.headers)
  headers.set(SAVED_COPY_HEADER, cachedAt)
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers })
}

const RedirectProfileSchema = v.object({ profileType: v.literal('REDIRECT'), redirectUrl: v.string() })

/** Where a cached REDIRECT profile sends visitors, or null when it is another type or the address is not http(s). */
export function redirectTarget(profileJson: unknown): string | null {
  const parsed = v.safeParse(RedirectProfileSchema, profileJson)
  if (!parsed.success || parsed.output.redirectUrl.trim() === '') return null
  const checked = normalizeUrl(parsed.output.redirectUrl, WEB_SCHEMES)
  return checked.ok ? checked.url : null
}

const AddressedProfileSchema = v.object({ shareableId: v.string(), username: v.string() })

/**
 * A saved copy of `/api/profiles/{address}` that sends visitors elsewhere: its destination, and the shareableId its scan
 * is reported under. Null for any other profile, or a copy that is not the address's own.
 */
export function savedRedirect(profileJson: unknown, encodedAddress: string): { target: string; shareableId: string } | null {
  const target = redirectTarget(profileJson)
  if (target === null || !belongsToAddress(profileJson, encodedAddress)) return null
  // belongsToAddress has checked the copy's shareableId is a string.
  return { target, shareableId: (profileJson as { shareableId: string }).shareableId }
}

/**
 * True when `profileJson` is the profile that `/api/profiles/{address}` names: its own shareableId, or its username in
 * any case. An address shaped like a shareableId (what a printed code holds) must be the profile's own shareableId:
 * a username spelling another profile's id never counts. Anything else is never stored under this address, nor
 * served from it, so one wrong answer cannot keep a printed code pointing elsewhere while offline.
 */
export function belongsToAddress(profileJson: unknown, encodedAddress: string): boolean {
  const parsed = v.safeParse(AddressedProfileSchema, profileJson)
  if (!parsed.success) return false
  let address: string
  try {
    address = decodeURIComponent(encodedAddress)
  } catch {
    return false
  }
  const { shareableId, username } = parsed.output
  if (shareableId === address) return true
  return !SHAREABLE_ID_PATTERN.test(address) && username.toLowerCase() === address.toLowerCase()
}

/** A copy of `response` to keep for `requestUrl`, or null when its profile is not the one the address names. */
export async function ownCopyOrNull(requestUrl: string, response: Response): Promise<Response | null> {
  const address = publicProfileIdFromApiPath(new URL(requestUrl).pathname)
  if (address === null) return null
  let json: unknown
  try {
    json = await response.clone().json()
  } catch {
    return null
  }
  return belongsToAddress(json, address) ? response : null
}
