// Owns the worker's queue of scan reports (sw/worker-scan-report.ts): kept in IndexedDB by Workbox's Background Sync
// queue and delivered once the network is back, by a `sync` event or, where the browser has no Background Sync, at the
// worker's next start (decision 105).
import { Queue } from 'workbox-background-sync'
import { SCAN_REPORT_MAX_AGE_DAYS } from '../src/contract/scans.ts'
import { replayScanReports } from './scan-report-replay.ts'

/**
 * Created as the worker starts, so its `sync` listener is there whenever the browser wakes the worker to deliver (and,
 * without Background Sync, so a new start sends what an earlier one kept). Reports older than the server still counts
 * are dropped; one the server could not take yet (a 503 while it deploys) stays queued (sw/scan-report-replay.ts).
 */
export function startOfflineScanQueue(): (report: Request) => Promise<void> {
  const queue = new Queue('qrtee-scan-reports', {
    maxRetentionTime: SCAN_REPORT_MAX_AGE_DAYS * 24 * 60,
    onSync: ({ queue: waiting }) => replayScanReports(waiting, (request) => fetch(request)),
  })
  return (report) => queue.pushRequest({ request: report })
}
