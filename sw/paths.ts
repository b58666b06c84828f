// Owns which same-origin paths the caching rules recognise: public profile API and pages, and uploads.
export { isUploadPath, publicProfileIdFromPagePath } from '../src/lib/profile-path.ts'

/** The profile id of GET /api/profiles/{id}, or null: the owner's own /api/profiles and deeper paths are not public. */
export function publicProfileIdFromApiPath(pathname: string): string | null {
  const match = /^\/api\/profiles\/([^/]+)$/.exec(pathname)
  return match?.[1] ?? null
}
