// Owns the visitor document's head for one profile (title, description, canonical address, Open Graph): the server
// writes it into the HTML it renders (server/public-profile/visitor-page.ts), and the page sets the same when the
// service worker served the empty document, whose head names no profile.
import type { VisitorProfile } from './load-profile.ts'

export const DEFAULT_DESCRIPTION = 'A QR Tee profile: the wishlist, text or links its owner chose to share.'

export type VisitorHead = { title: string; description: string; canonicalUrl: string }

/** `origin` is the site's public address: the canonical address names the profile by its shareableId, never a username. */
export function visitorHead(profile: Pick<VisitorProfile, 'username' | 'shareableId' | 'description'>, origin: string): VisitorHead {
  return {
    title: `${profile.username} · QR Tee`,
    description: profile.description.trim().slice(0, 160) || DEFAULT_DESCRIPTION,
    canonicalUrl: `${origin}/profile/${profile.shareableId}`,
  }
}

/** Sets the head in place; the elements are the visitor document's own (profile.html), so none is added. */
export function applyVisitorHead(head: VisitorHead, doc: Document = document): void {
  doc.title = head.title
  doc.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
  doc.querySelector('link[rel="canonical"]')?.setAttribute('href', head.canonicalUrl)
  doc.querySelector('meta[property="og:url"]')?.setAttribute('content', head.canonicalUrl)
  doc.querySelector('meta[property="og:title"]')?.setAttribute('content', head.title)
}
