// Owns the report of a scan only the service worker sees: an offline re-scan of a REDIRECT profile, which the worker
// answers with a 302 before any page runs (decision 105). Pure; sw/offline-scan-queue.ts keeps and delivers it.
import { apiPaths } from '../src/contract/api-paths.ts'
import { isSpeculativeLoad, newScanReportKey, SCAN_PREVIEW_PARAM, type ScanReport } from '../src/contract/scans.ts'

/**
 * The report of this opening, as the visitor page sends it (POST, text/plain JSON of the opening time and the report's
 * key), or null when it is not a scan: a `?preview` link or a prefetch or prerender. The owner's own re-scan is left to
 * the server, which reads the owner marker cookie that the browser attaches when the report is delivered. The key is
 * in the body the queue keeps, so every resend (an answer lost) carries it and the server counts the report once.
 */
export function offlineScanReport(navigation: Request, shareableId: string, now: Date, key: string = newScanReportKey()): Request | null {
  if (new URL(navigation.url).searchParams.has(SCAN_PREVIEW_PARAM)) return null
  if (isSpeculativeLoad({ header: (name) => navigation.headers.get(name) })) return null
  const report: ScanReport = { at: now.toISOString(), key }
  return new Request(new URL(apiPaths.publicScans(shareableId), navigation.url).href, {
    method: 'POST',
    body: JSON.stringify(report),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    credentials: 'same-origin',
  })
}
