// Which requests are scans (decision 105): not bots, not prefetches or previews, not HEAD, not the owner's own look.
import { isSpeculativeLoad, SCAN_OWNER_COOKIE, SCAN_PREVIEW_PARAM } from '../../src/contract/scans.ts'
import { readOwnerMarker } from '../../src/lib/owner-marker.ts'

/** What the counter needs of one request, from a Hono context or the Node listener's fast path alike. */
export type ScanInput = {
  /** The profile's row id (profiles.id), which the counts are kept under. */
  profileId: string
  /** As server/http/client-address.ts resolves it (TRUST_PROXY respected); only ever hashed, never kept. */
  clientAddress: string
  userAgent: string
  header: (name: string) => string | undefined
  method: string
  /** When the scan happened (a queued report's `at`); unset means the counter's clock. */
  nowMs?: number
  /** The request's path and query (or full URL), for the `?preview` marker; unset means no query. */
  url?: string
}

/**
 * The profile's shareableId, compared with the owner's marker cookie; a function so a fast path parses the cached
 * profile only in the rare request that carries the cookie.
 */
export type OwnerMarker = string | (() => string | undefined)

/** Crawlers, link unfurlers, monitors and HTTP libraries: what opens a link without a person looking at it (CUBOT is a phone). */
const BOT_AGENT =
  /(?<!cu)bot\b|(?<!cu)bot\/|crawl|spider|slurp|archiver|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|discord|skypeuripreview|slack|linkedin|preview|headless|lighthouse|pagespeed|gtmetrix|prerender|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|scrapy|phantomjs|uptime|pingdom|monitor|check_http|statuscake|^mozilla\/5\.0$/i


// Browsers send few distinct agents, so the verdict is remembered: the regular expression is the costliest rule.
const verdicts = new Map<string, boolean>()
const MAX_VERDICTS = 1000

export function isBotAgent(userAgent: string): boolean {
  let verdict = verdicts.get(userAgent)
  if (verdict === undefined) {
    verdict = userAgent.trim() === '' || BOT_AGENT.test(userAgent)
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
    verdicts.set(userAgent, verdict)
  }
  return verdict
}

function hasPreviewMarker(url: string | undefined): boolean {
  const query = url?.indexOf('?') ?? -1
  if (!url || query < 0) return false
  return new URLSearchParams(url.slice(query + 1)).has(SCAN_PREVIEW_PARAM)
}

/** True when the request is a person opening the profile; `ownerMarker` is the profile's shareableId. */
export function isCountableScan(input: ScanInput, ownerMarker?: OwnerMarker): boolean {
  if (input.method.toUpperCase() === 'HEAD') return false
  if (isBotAgent(input.userAgent)) return false
  if (isSpeculativeLoad(input)) return false
  if (hasPreviewMarker(input.url)) return false
  const cookies = input.header('cookie')
  const marker = cookies?.includes(SCAN_OWNER_COOKIE) ? readOwnerMarker(cookies) : undefined
  if (marker !== undefined && ownerMarker !== undefined) {
    const shareableId = typeof ownerMarker === 'function' ? ownerMarker() : ownerMarker
    if (shareableId !== undefined && marker === shareableId) return false
  }
  return true
}
