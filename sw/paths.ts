// Owns which same-origin paths the caching rules recognise: public profile API and pages, and uploads.

/** The profile id of GET /api/profiles/{id}, or null: the owner's own /api/profiles and deeper paths are not public. */
export function publicProfileIdFromApiPath(pathname: string): string | null {
  const match = /^\/api\/profiles\/([^/]+)$/.exec(pathname)
  return match?.[1] ?? null
}

/** The id of a visitor page /profile/{id}; /profile/edit and /profile/qr are the owner's pages, not profiles. */
export function publicProfileIdFromPagePath(pathname: string): string | null {
  const match = /^\/profile\/([^/]+)\/?$/.exec(pathname)
  const id = match?.[1]
  return id === undefined || id === 'edit' || id === 'qr' ? null : id
}

export function isUploadPath(pathname: string): boolean {
  return /^\/api\/uploads\/[^/]+$/.test(pathname)
}
