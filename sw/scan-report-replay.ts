// Owns how the worker's queued scan reports are sent when the browser fires `sync` (sw/offline-scan-queue.ts): the
// page's rule of which answers end a report (queuedReportDone), so a deploy's 503 does not throw a scan away.
import type { Queue } from 'workbox-background-sync'
import { queuedReportDone } from '../src/contract/scans.ts'

export type ReportQueue = Pick<Queue, 'shiftRequest' | 'unshiftRequest'>

/**
 * Sends the queued reports, oldest first. One the server could not take now (no network, 408, 429, 5xx) goes back to
 * the head of the queue, and the replay stops with an error, which makes the browser fire `sync` again later.
 * Workbox's own replay keeps a report only when the fetch itself fails, and drops one that any answer came back for.
 */
export async function replayScanReports(queue: ReportQueue, send: (request: Request) => Promise<Response>): Promise<void> {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const status = await send(entry.request.clone()).then(
      (response) => response.status,
      () => null,
    )
    if (!queuedReportDone(status)) {
      await queue.unshiftRequest(entry)
      throw new Error(`a scan report was not taken (${status ?? 'no network'}); it waits for the next sync`)
    }
  }
}
