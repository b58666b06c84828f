// Owns which same-origin requests the caching rules recognise: public profile API and pages, and uploads.
import { isUploadPath } from '../src/lib/profile-path.ts'

export { isUploadPath, publicProfileIdFromPagePath } from '../src/lib/profile-path.ts'

type Match = { request: Request; url: URL; origin: string }

/** A request carrying a token is private, whatever its path: never stored by the worker. */
const isAnonymous = (request: Request) => !request.headers.has('Authorization')

/** Which requests the worker keeps in the public-profiles cache. */
export function isCacheablePublicProfile({ request, url, origin }: Match): boolean {
  return url.origin === origin && publicProfileIdFromApiPath(url.pathname) !== null && isAnonymous(request)
}

/** Which requests the worker keeps in the images cache. */
export function isCacheableUpload({ request, url, origin }: Match): boolean {
  return url.origin === origin && isUploadPath(url.pathname) && isAnonymous(request)
}

/** The profile id of GET /api/profiles/{id}, or null: the owner's own /api/profiles and deeper paths are not public. */
export function publicProfileIdFromApiPath(pathname: string): string | null {
  const match = /^\/api\/profiles\/([^/]+)$/.exec(pathname)
  return match?.[1] ?? null
}
