// Owns the visitor page's scan report in the browser: a beacon when the service worker (not the server) served the
// page, the localStorage queue while offline, and sending that queue on 'online' and at the next page load.
import { queuedReportDone, SCAN_OWNER_COOKIE, SCAN_PREVIEW_PARAM } from '../../contract/scans.ts'
import { servedByWorker } from '../../lib/worker-document.ts'
import type { ProfileFetch } from './load-profile.ts'
import {
  cookieValue,
  decideScanReport,
  enqueueScan,
  parseScanQueue,
  type QueuedScan,
  SCAN_QUEUE_KEY,
  scanReportBody,
  scanReportPath,
  trimScanQueue,
  withReportKey,
} from './scan-report.ts'

let opened = false
let sending = false

/**
 * Called with each profile answer the page gets; the first one decides, so a refresh of the same page never reports
 * the opening twice. A prerendered page reports only once the visitor actually opens it.
 */
export function noteProfileOpened(result: ProfileFetch): void {
  if (opened || typeof document === 'undefined') return
  opened = true
  whenVisitorOpens(() => reportOpening(result))
}

/** Sends the queue now (once the page is really opened) and each time the browser comes back online. */
export function startScanReports(): void {
  window.addEventListener('online', () => void sendQueuedScans())
  whenVisitorOpens(() => void sendQueuedScans())
}

function reportOpening(result: ProfileFetch): void {
  const profile = result.kind === 'loaded' ? result.profile : null
  const decision = decideScanReport({
    servedByWorker: servedByWorker(document),
    profile,
    preview: new URLSearchParams(window.location.search).has(SCAN_PREVIEW_PARAM),
    ownerProfileId: cookieValue(document.cookie, SCAN_OWNER_COOKIE),
    online: navigator.onLine,
    fromSavedCopy: result.kind === 'loaded' && result.savedCopyAt !== null,
  })
  if (decision === 'skip' || profile === null) return
  const scan: QueuedScan = withReportKey({ id: profile.shareableId, at: new Date().toISOString() })
  if (decision === 'send' && beacon(scan)) return
  // Offline, or the browser refused the beacon (its queue is full): kept for later.
  writeQueue(enqueueScan(readQueue(), scan, new Date()))
}

function beacon(scan: QueuedScan): boolean {
  try {
    return navigator.sendBeacon(scanReportPath(scan.id), scanReportBody(scan.at, scan.key))
  } catch {
    return false
  }
}

/**
 * The queue is taken out of storage before sending, so a second tab coming online at once finds it empty rather than
 * sending the same reports again; what could not be delivered goes back in.
 */
export async function sendQueuedScans(): Promise<void> {
  if (sending || !navigator.onLine) return
  // Each report keeps the key it is first sent with for every later attempt (a lost answer is sent again).
  const queue = trimScanQueue(readQueue(), new Date()).map(withReportKey)
  // Taken out now, expired reports with it; what cannot be delivered goes back in below.
  writeQueue([])
  if (queue.length === 0) return
  sending = true
  const undelivered: QueuedScan[] = []
  try {
    for (const [index, scan] of queue.entries()) {
      const status = await post(scan)
      if (queuedReportDone(status)) continue
      undelivered.push(scan)
      // The network is gone again: the rest would fail the same way.
      if (status === null) {
        undelivered.push(...queue.slice(index + 1))
        break
      }
    }
  } finally {
    sending = false
    if (undelivered.length > 0) writeQueue(trimScanQueue([...readQueue(), ...undelivered], new Date()))
  }
}

/** fetch rather than a beacon: a queued report leaves the queue only once the server has answered it. */
async function post(scan: QueuedScan): Promise<number | null> {
  try {
    const response = await fetch(scanReportPath(scan.id), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: scanReportBody(scan.at, scan.key),
      keepalive: true,
    })
    return response.status
  } catch {
    return null
  }
}

function readQueue(): QueuedScan[] {
  try {
    return parseScanQueue(localStorage.getItem(SCAN_QUEUE_KEY))
  } catch {
    // Storage blocked (private mode, disabled cookies): the scan is not kept, and the page works all the same.
    return []
  }
}

function writeQueue(queue: QueuedScan[]): void {
  try {
    if (queue.length === 0) localStorage.removeItem(SCAN_QUEUE_KEY)
    else localStorage.setItem(SCAN_QUEUE_KEY, JSON.stringify(queue))
  } catch {
    // Full or blocked storage loses these reports, never the page.
  }
}

/** Runs `run` now, or when a prerendered page is shown to the visitor; a prerender never shown reports nothing. */
function whenVisitorOpens(run: () => void): void {
  const prerendering = 'prerendering' in document && document.prerendering === true
  if (prerendering) document.addEventListener('prerenderingchange', run, { once: true })
  else run()
}
