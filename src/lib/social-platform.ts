// Owns social-link platform detection (spec section 4): the scheme or the host of a URL names the platform.

export const SOCIAL_PLATFORMS = [
  'email',
  'phone',
  'github',
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
  'twitch',
  'spotify',
  'pinterest',
  'telegram',
  'youtube',
  'website',
] as const
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]

/** Each platform's own spelling, as its visitors know it ('X', not 'twitter'; 'GitHub', not 'github'). */
export const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  email: 'Email',
  phone: 'Phone',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'X',
  facebook: 'Facebook',
  twitch: 'Twitch',
  spotify: 'Spotify',
  pinterest: 'Pinterest',
  telegram: 'Telegram',
  youtube: 'YouTube',
  website: 'Website',
}

/** Registrable domains per platform; a host matches a domain itself or any subdomain of it (www., m., open.). */
const PLATFORM_DOMAINS: ReadonlyArray<readonly [SocialPlatform, readonly string[]]> = [
  ['github', ['github.com']],
  ['linkedin', ['linkedin.com', 'lnkd.in']],
  ['instagram', ['instagram.com', 'instagr.am']],
  ['twitter', ['x.com', 'twitter.com']],
  ['facebook', ['facebook.com', 'fb.com', 'fb.me']],
  ['twitch', ['twitch.tv']],
  ['spotify', ['spotify.com', 'spotify.link']],
  ['pinterest', ['pinterest.com', 'pin.it']],
  ['telegram', ['t.me', 'telegram.me', 'telegram.org']],
  ['youtube', ['youtube.com', 'youtu.be']],
]

/** The platform a link points to: mailto -> email, tel -> phone, a known host -> its platform, anything else -> website. */
export function detectPlatform(url: string): SocialPlatform {
  const trimmed = url.trim()
  if (/^mailto:/i.test(trimmed)) return 'email'
  if (/^tel:/i.test(trimmed)) return 'phone'
  const host = hostOf(trimmed)
  if (host === null) return 'website'
  for (const [platform, domains] of PLATFORM_DOMAINS) {
    if (domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) return platform
  }
  return 'website'
}

/** A platform name as owners type it ('Instagram', 'X', 'e-mail'), or null when it names none we know. */
export function platformFromName(name: string): SocialPlatform | null {
  const key = name.trim().toLowerCase().replace(/[\s_-]+/g, '')
  if (key === 'x') return 'twitter'
  if (key === 'mail') return 'email'
  if (key === 'tel' || key === 'telephone') return 'phone'
  return SOCIAL_PLATFORMS.find((platform) => platform === key) ?? null
}

/** The icon to show for a stored link: the URL decides, the typed name only when the URL is a plain website. */
export function resolvePlatform(name: string, url: string): SocialPlatform {
  const fromUrl = detectPlatform(url)
  return fromUrl === 'website' ? (platformFromName(name) ?? 'website') : fromUrl
}

function hostOf(url: string): string | null {
  // Owners often type 'instagram.com/me' without a scheme; the URL parser needs one to find the host.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`
  try {
    const host = new URL(withScheme).hostname.toLowerCase()
    return host === '' ? null : host.replace(/\.$/, '')
  } catch {
    return null
  }
}
