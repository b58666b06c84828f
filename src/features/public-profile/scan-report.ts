// Owns the pure rules of the visitor page's scan report (decision 105): whether this opening is reported, sent now or
// queued, and the bounded queue of reports an offline page keeps until it is back online.
import * as v from 'valibot'
import { apiPaths } from '../../contract/api-paths.ts'
import { newScanReportKey, SCAN_REPORT_MAX_AGE_DAYS, type ScanReport } from '../../contract/scans.ts'

/** localStorage key of the queue: this origin's pages share it, so whichever is online first sends it. */
export const SCAN_QUEUE_KEY = 'qrtee-scan-reports'
/** A phone offline for a week of scans keeps the newest; older ones are dropped first. */
export const SCAN_QUEUE_MAX = 50
const MAX_AGE_MS = SCAN_REPORT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000

/**
 * One scan waiting to be reported: the profile's shareableId, when the page was opened, and the report's key, sent with
 * every attempt so a report whose answer was lost counts once (a queue stored by an older page may lack it).
 */
export type QueuedScan = { id: string; at: string; key?: string }

export type ScanOpening = {
  /** The page carries the service worker's mark: the server never saw this opening, so it counted nothing. */
  servedByWorker: boolean
  /** The profile the page shows, or null when it is missing, switched off or could not be loaded. */
  profile: { shareableId: string } | null
  /** The address asks for a preview (`?preview`): the owner app showing the page, not a scan. */
  preview: boolean
  /** The profile the owner marker cookie names (the owner's own browser), or null. */
  ownerProfileId: string | null
  /** navigator.onLine when the page decides. */
  online: boolean
  /** The profile came from the worker's saved copy: the network did not answer, whatever navigator.onLine says. */
  fromSavedCopy: boolean
}

/** 'skip': not a scan to report; 'send': a beacon now; 'queue': kept until the page is back online. */
export type ScanReportDecision = 'skip' | 'send' | 'queue'

export function decideScanReport(opening: ScanOpening): ScanReportDecision {
  // The server counted its own HTML (a 304 revalidation included); a second report would count the scan twice.
  if (!opening.servedByWorker) return 'skip'
  // A missing or switched-off profile counts nothing.
  if (opening.profile === null) return 'skip'
  if (opening.preview) return 'skip'
  if (opening.ownerProfileId === opening.profile.shareableId) return 'skip'
  // A dead network that the browser still calls online answers no beacon either; the saved copy gives it away.
  return opening.online && !opening.fromSavedCopy ? 'send' : 'queue'
}

/** Where the report of a scan of `shareableId` goes: POST /api/public/profiles/{shareableId}/scans. */
export function scanReportPath(shareableId: string): string {
  return apiPaths.publicScans(shareableId)
}

/** The body: ScanReportSchema, sent as text/plain as sendBeacon sends a string. */
export function scanReportBody(at: string, key?: string): string {
  const report: ScanReport = key === undefined ? { at } : { at, key }
  return JSON.stringify(report)
}

/** The scan with its key: one it already had, or a new one for an entry an older page queued without. */
export function withReportKey(scan: QueuedScan): QueuedScan & { key: string } {
  return { ...scan, key: scan.key ?? newScanReportKey() }
}

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue
    const raw = pair.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return null
}

const QueuedScanSchema = v.object({ id: v.pipe(v.string(), v.minLength(1)), at: v.pipe(v.string(), v.isoTimestamp()), key: v.optional(v.pipe(v.string(), v.uuid())) })

/** The stored queue; anything unreadable (another version's shape, a hand edit) is dropped entry by entry. */
export function parseScanQueue(raw: string | null): QueuedScan[] {
  if (!raw) return []
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  return data.flatMap((entry) => {
    const parsed = v.safeParse(QueuedScanSchema, entry)
    if (!parsed.success) return []
    const { id, at, key } = parsed.output
    return [key === undefined ? { id, at } : { id, at, key }]
  })
}

/**
 * The queue as it is kept: reports older than SCAN_REPORT_MAX_AGE_DAYS dropped (the server no longer counts them),
 * then at most SCAN_QUEUE_MAX, the oldest dropped first, in the order they were opened.
 */
export function trimScanQueue(queue: readonly QueuedScan[], now: Date): QueuedScan[] {
  const fresh = queue.filter((scan) => now.getTime() - Date.parse(scan.at) <= MAX_AGE_MS)
  fresh.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return fresh.slice(-SCAN_QUEUE_MAX)
}

/** `queue` with `scan` added, trimmed. */
export function enqueueScan(queue: readonly QueuedScan[], scan: QueuedScan, now: Date): QueuedScan[] {
  return trimScanQueue([...queue, scan], now)
}
