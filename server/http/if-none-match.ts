// Owns the revalidation test every ETag'd answer of the server uses: RFC 9110 §13.1.2's weak comparison of
// If-None-Match, `*` and lists included, so a proxy or browser that weakened a tag still gets its 304.

/** True when an If-None-Match header names this ETag (or `*`), weak forms included. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  // A browser revalidates with the one tag it was given: no list to split on a scan's path.
  if (header === etag) return true
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}
