// Owns what a visitor sees for each profile type, and which stored links are safe to put in an href.
import { IMAGE_VARIANT_WIDTHS } from '../../contract/limits.ts'
import { isUploadPath } from '../../contract/api-paths.ts'
import { normalizeUrl, SOCIAL_SCHEMES, WEB_SCHEMES } from '../../lib/safe-url.ts'
import type { SocialPlatform } from '../../lib/social-platform.ts'
import { PLATFORM_NAMES, platformFromName, resolvePlatform } from '../../lib/social-platform.ts'
import type { VisitorProfile } from './load-profile.ts'

export type VisitorLink = { key: string; platform: SocialPlatform; label: string; href: string }

export type ProfileView =
  | { kind: 'wishlist' }
  /** text null: 'No custom text is configured for this profile.' */
  | { kind: 'custom-text'; text: string | null; links: VisitorLink[] }
  | { kind: 'social-links'; links: VisitorLink[] }
  /** url null: 'No redirect URL is configured for this profile.' */
  | { kind: 'redirect'; url: string | null }
  | { kind: 'unsupported' }

export function selectProfileView(profile: VisitorProfile): ProfileView {
  switch (profile.profileType) {
    case 'WISHLIST':
      return { kind: 'wishlist' }
    case 'CUSTOM_TEXT':
      return { kind: 'custom-text', text: profile.customText.trim() === '' ? null : profile.customText, links: visitorLinks(profile) }
    case 'SOCIAL_LINKS':
      return { kind: 'social-links', links: visitorLinks(profile) }
    case 'REDIRECT':
      return { kind: 'redirect', url: safeHref(profile.redirectUrl, WEB_SCHEMES) }
    default:
      return { kind: 'unsupported' }
  }
}

/** Links a visitor can follow: only http(s), mailto and tel survive, so a stored `javascript:` never becomes a link. */
export function visitorLinks(profile: Pick<VisitorProfile, 'socialLinks'>): VisitorLink[] {
  return profile.socialLinks.flatMap((link) => {
    const href = safeHref(link.url, SOCIAL_SCHEMES)
    if (href === null) return []
    const platform = resolvePlatform(link.platform, href)
    // A known platform gets its proper name (issue 23: not 'instagram', not 'twitter' beside an X icon); a website
    // keeps a name its owner gave it ('Blog'), else 'Website'. The editor fills an empty name with the detected
    // platform, so a stored 'website' is no name of the owner's.
    const ownName = platformFromName(link.platform) === null ? link.platform.trim() : ''
    const label = platform === 'website' ? ownName || PLATFORM_NAMES.website : PLATFORM_NAMES[platform]
    return [{ key: `${link.id}`, platform, label, href }]
  })
}

/** A product's 'View' link, or null when there is none or it is not http(s). */
export function productHref(productUrl: string | null): string | null {
  return productUrl ? safeHref(productUrl, WEB_SCHEMES) : null
}

/**
 * Only our own uploads (/api/uploads/{id}): an image on a host the owner chose would tell that host about every
 * visitor (issue 28), so a remote address shows 'No image' until the server has brought the picture home.
 */
export function imageSrc(url: string | null, _pageIsHttps?: boolean): string | null {
  if (!url) return null
  return /^\/api\/uploads\/[A-Za-z0-9_.-]+$/.test(url) ? url : null
}

/** For our own uploads, the server's narrower WebP copies, so a phone picks one sized for its card; null otherwise. */
export function uploadSrcSet(src: string | null): string | null {
  // An address that already names a copy (?w=) is left as it is.
  if (src === null || src.includes('?') || !isUploadPath(src)) return null
  return IMAGE_VARIANT_WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', ')
}

function safeHref(url: string, schemes: readonly string[]): string | null {
  if (url.trim() === '') return null
  const checked = normalizeUrl(url, schemes)
  return checked.ok ? checked.url : null
}
