// Normalises user-typed URLs and allows only safe schemes, so `javascript:` and its disguises never get stored.

export const MAX_URL_LENGTH = 2048

// C0 controls, DEL and whitespace: the WHATWG parser drops some of these silently, which is how `java\tscript:` hides.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g

/** A scheme is letters then `:`; `example.com:8080` is a host with a port, not a scheme. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i

export type UrlCheck = { ok: true; url: string } | { ok: false }

/**
 * Returns the URL to store: trimmed, `https://` prepended when no scheme is given, parsed with the WHATWG URL API,
 * and accepted only when its scheme is in `schemes` (for example ['https:', 'http:', 'mailto:', 'tel:']).
 */
export function normalizeUrl(raw: string, schemes: readonly string[]): UrlCheck {
  const trimmed = raw.trim()
  if (trimmed.length > MAX_URL_LENGTH) return { ok: false }
  // Control characters or inner whitespace before the first ':' are a disguise, never a typo worth repairing.
  const compact = trimmed.replace(CONTROL_OR_SPACE, '')
  if (compact !== trimmed && /^[^/?#]*:/.test(compact) && HAS_SCHEME.test(compact)) return { ok: false }
  const candidate = HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`
  let parsed: URL
  try {
    parsed = new URL(candidate)
  } catch {
    return { ok: false }
  }
  if (!schemes.includes(parsed.protocol)) return { ok: false }
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && !isPlausibleHost(parsed.hostname)) return { ok: false }
  if ((parsed.protocol === 'mailto:' || parsed.protocol === 'tel:') && parsed.pathname.length === 0) return { ok: false }
  return { ok: true, url: parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : candidate }
}

/** `localhost`, an IP address, or a dotted name: rejects `https://hello` typed as a bare word. */
function isPlausibleHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.includes('.') || hostname.startsWith('[')
}

export const WEB_SCHEMES = ['https:', 'http:'] as const
export const SOCIAL_SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'] as const
