// Owns which same-origin requests the caching rules keep: public profile API answers and uploads, anonymous only.
// The path matchers themselves are shared with the page and the server (src/contract/api-paths.ts).
import { isUploadPath, publicProfileIdFromApiPath } from '../src/contract/api-paths.ts'

// The visitor-document route still imports this matcher from here.
export { publicProfileIdFromPagePath } from '../src/contract/api-paths.ts'

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
