// Owns which paths are a visitor's profile page (/profile/{id}) or an upload (/api/uploads/{id}), for the visitor page,
// the server and the worker.

/** Owner pages under /profile/ that are not profile addresses. */
export const OWNER_PROFILE_PATHS: ReadonlySet<string> = new Set(['edit', 'qr'])

/** The id of a visitor page /profile/{id} as it appears in the path (still URL-encoded), or null. */
export function publicProfileIdFromPagePath(pathname: string): string | null {
  const match = /^\/profile\/([^/]+)\/?$/.exec(pathname)
  const id = match?.[1]
  return id === undefined || OWNER_PROFILE_PATHS.has(id) ? null : id
}

/** An uploaded image's own address, /api/uploads/{id}. */
export function isUploadPath(pathname: string): boolean {
  return /^\/api\/uploads\/[^/]+$/.test(pathname)
}
