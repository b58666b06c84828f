// Scan counts (decision 105): the owner's daily scans and unique visitors, their query, and the page's scan report.
import * as v from 'valibot'

/** Days the owner can ask for, and days the sync feed carries (the Dashboard's chart shows the last 30). */
export const SCAN_DAYS_DEFAULT = 30
export const SCAN_DAYS_MAX = 90

/** How far back a report queued by an offline visitor's page still counts (on the day it happened). */
export const SCAN_REPORT_MAX_AGE_DAYS = 7

/** The owner's marker cookie's name (defined beside its reader and writer in lib, which imports nothing of the contract). */
export { SCAN_OWNER_COOKIE } from '../lib/scan-owner-cookie.ts'

/** A link that opens a profile as a preview (`/profile/{id}?preview`) is not a scan. */
export const SCAN_PREVIEW_PARAM = 'preview'

/**
 * Speculative loads announce themselves (Chrome: Sec-Purpose/Purpose, Firefox: X-Moz, Safari: X-Purpose) and are not
 * scans: the server's rules and the service worker's own reports both ask this.
 */
export const SPECULATIVE_PURPOSE = /prefetch|prerender|preview/i
export const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-moz', 'x-purpose'] as const

/** Whether request headers announce a prefetch or prerender rather than a person opening the page. */
export function isSpeculativeLoad(request: { header(name: string): string | null | undefined }): boolean {
  for (const name of PURPOSE_HEADERS) {
    const value = request.header(name)
    if (value && SPECULATIVE_PURPOSE.test(value)) return true
  }
  return false
}

/** One profile's counts for one UTC day. */
export const ScanDaySchema = v.object({
  /** UTC calendar day, YYYY-MM-DD. */
  day: v.pipe(v.string(), v.isoDate()),
  scans: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Distinct visitors that day (a daily-salted hash, never stored beyond the day; decision 105). */
  visitors: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type ScanDay = v.InferOutput<typeof ScanDaySchema>

/** GET /api/stats/scans?days=30 */
export const ScanStatsQuerySchema = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'days must be a whole number'),
      v.transform(Number),
      v.minValue(1, `days must be 1 to ${SCAN_DAYS_MAX}`),
      v.maxValue(SCAN_DAYS_MAX, `days must be 1 to ${SCAN_DAYS_MAX}`),
    ),
    String(SCAN_DAYS_DEFAULT),
  ),
})

/** The answer: one entry per day from the oldest to today (UTC), days without scans included as zeros. */
export const ScanStatsSchema = v.object({
  days: v.array(ScanDaySchema),
  totalScans: v.number(),
  totalVisitors: v.number(),
})
export type ScanStats = v.InferOutput<typeof ScanStatsSchema>

/**
 * POST /api/public/profiles/{shareableId}/scans, sent by the visitor page when the service worker (not the server)
 * served it. `at` is when the page was opened (a report queued offline arrives later); absent means now; a time ahead
 * of the server's clock counts as now. `key` is a random id the report keeps for every resend, so a report whose answer
 * was lost and that is sent again counts once.
 */
export const SCAN_REPORT_AT_MESSAGE = 'at must be a time with its zone, for example 2026-01-31T12:00:00.000Z'
export const SCAN_REPORT_KEY_MESSAGE = 'key must be a UUID, for example 0b8f6c1e-3f5a-4d2b-9c7e-1a2b3c4d5e6f'
export const ScanReportSchema = v.object({
  // isoTimestamp also takes forms no clock reads (an offset of hours only, '+01'): the check keeps those out too.
  at: v.optional(v.pipe(v.string(), v.isoTimestamp(SCAN_REPORT_AT_MESSAGE), v.check((at) => Number.isFinite(Date.parse(at)), SCAN_REPORT_AT_MESSAGE))),
  key: v.optional(v.pipe(v.string(), v.uuid(SCAN_REPORT_KEY_MESSAGE), v.transform((key) => key.toLowerCase()))),
})
export type ScanReport = v.InferOutput<typeof ScanReportSchema>

/**
 * A new report's key (a version 4 UUID), made once when the scan is queued and sent with every attempt. From
 * getRandomValues, which a page served over plain http (a local network) has too, unlike randomUUID.
 */
export function newScanReportKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Whether a queued report (the page's or the service worker's) is done after the server's answer: delivered (2xx) or
 * refused for good (4xx other than 408/429: too old, switched off, malformed) are done; a network error (status null),
 * 408, 429 and 5xx stay queued.
 */
export function queuedReportDone(status: number | null): boolean {
  if (status === null || status === 408 || status === 429) return false
  return status < 500
}
