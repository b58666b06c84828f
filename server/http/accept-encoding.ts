// How much a request's Accept-Encoding wants a content coding (RFC 9110 §12.5.3): its q-value, where 0 means "not
// acceptable". Read on the scan fast path, so the headers browsers send cost one regular-expression test.

export type Coding = 'gzip' | 'br'

/** The coding listed on its own (or as `*`) in a header without parameters; `x-gzip` is gzip (RFC 9110 §8.4.1.3). */
const LISTED: Record<Coding, RegExp> = {
  gzip: /(?:^|,)[ \t]*(?:x-)?(?:gzip|\*)[ \t]*(?=,|$)/i,
  br: /(?:^|,)[ \t]*(?:br|\*)[ \t]*(?=,|$)/i,
}

/**
 * The q-value `header` gives `coding`: its own entry's (the first, if listed twice), else the wildcard's, else 0. No
 * header, or an empty one, asks for identity: 0. A q-value that is not a number counts as 1 and one outside 0..1 is
 * clamped, as Hono's compress middleware reads them, so the routes it compresses and ours agree.
 */
export function codingQuality(header: string | undefined, coding: Coding): number {
  if (!header) return 0
  // `gzip, deflate, br, zstd` and the like: every listed coding has q=1.
  if (!header.includes(';')) return LISTED[coding].test(header) ? 1 : 0
  let wildcard = 0
  let wildcardSeen = false
  for (const entry of header.split(',')) {
    const [rawName = '', ...params] = entry.split(';')
    const name = rawName.trim().toLowerCase()
    const named = name === coding || (coding === 'gzip' && name === 'x-gzip')
    if (!named && (name !== '*' || wildcardSeen)) continue
    const q = qualityOf(params)
    if (named) return q
    wildcard = q
    wildcardSeen = true
  }
  return wildcard
}

/** Whether the client accepts gzip at all (q > 0). */
export const acceptsGzip = (header: string | undefined): boolean => codingQuality(header, 'gzip') > 0

function qualityOf(params: readonly string[]): number {
  for (const param of params) {
    const [key = '', value = ''] = param.split('=')
    if (key.trim().toLowerCase() !== 'q') continue
    const q = Number(value.trim())
    if (value.trim() === '' || Number.isNaN(q)) return 1
    return Math.min(1, Math.max(0, q))
  }
  return 1
}
