// POST /api/public/profiles/{shareableId}/scans: the scan of a visitor page the service worker served (the server never
// saw it), sent with sendBeacon or queued while offline; counted on the day it happened (decision 105).
import { Hono } from 'hono'
import * as v from 'valibot'
import { SCAN_REPORT_MAX_AGE_DAYS, ScanReportSchema } from '../../src/contract/scans.ts'
import { addressKey, clientAddress } from '../http/client-address.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, refuseDeepJson } from '../http/http.ts'
import { RateLimiter, resolveRateLimits, TOO_MANY } from '../http/rate-limit.ts'
import { memoryRateLimitStore } from '../http/rate-limit-stores.ts'
import { scanInputOf } from './scan-input.ts'
import { cachedPublicProfile, publicProfileResponse } from '../public-profile/public-profile.ts'
import { profileOf } from '../public-profile/visitor-documents.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export const SCAN_REPORT_MESSAGES = {
  notJson: 'The scan report must be empty or JSON, for example {"at":"2026-01-31T12:00:00.000Z"}.',
  tooOld: `A scan report older than ${SCAN_REPORT_MAX_AGE_DAYS} days is not counted.`,
} as const

/** The report's body as sent: sendBeacon posts text/plain, so the JSON is read from the raw text; empty means now. */
function parseScanReport(text: string): v.InferOutput<typeof ScanReportSchema> {
  let json: unknown = {}
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      throw new ApiError(400, SCAN_REPORT_MESSAGES.notJson)
    }
    refuseDeepJson(json)
  }
  const parsed = v.safeParse(ScanReportSchema, json)
  if (!parsed.success) throw new ApiError(400, parsed.issues[0]?.message ?? SCAN_REPORT_MESSAGES.notJson)
  return parsed.output
}

/**
 * When the scan counts: `at`, if it is within the last SCAN_REPORT_MAX_AGE_DAYS days; a time ahead of ours is a phone
 * whose clock runs fast (issue 25), not a scan that cannot have happened: it counts now. Refusing it would lose every
 * report of that phone, since its queue drops a refused report for good.
 */
function reportedScanTime(at: string | undefined, nowMs: number): number {
  if (at === undefined) return nowMs
  const atMs = Date.parse(at)
  if (atMs < nowMs - SCAN_REPORT_MAX_AGE_DAYS * DAY_MS) throw new ApiError(400, SCAN_REPORT_MESSAGES.tooOld)
  return Math.min(atMs, nowMs)
}

export function scanReportRoutes(deps: AppDeps) {
  const { db } = deps.database
  const limits = resolveRateLimits(deps.rateLimits)
  // This process's memory, not the shared store: a report, like a scan, must never cost a database write of its own.
  // It only guards this process against a flood of requests; what counts is bounded in the shared store by the
  // counter's flush (scansPerAddress, decision 128).
  const limiter = new RateLimiter(memoryRateLimitStore(), deps.config.addressSecret, deps.rateLimitNamespace ?? '')
  return new Hono<AppEnv>().post('/public/profiles/:shareableId/scans', async (c) => {
    const address = addressKey(clientAddress(c, deps.config.trustProxy))
    await limiter.enforce('scan-report', address, limits.scanReportsPerAddress, TOO_MANY.scanReports)
    const report = parseScanReport(await c.req.text())
    const cached = cachedPublicProfile(db, c.req.param('shareableId'))
    const entry = cached === undefined ? await publicProfileResponse(db, c.req.param('shareableId')) : cached
    // Missing or switched off: nothing is counted, and the page learns the profile is gone.
    if (!entry) throw new ApiError(404, 'Profile not found')
    const atMs = reportedScanTime(report.at, deps.now().getTime())
    // A resent report (its answer was lost) carries the key it was first sent with: the counter counts that key once.
    deps.scans.count(scanInputOf(c, entry.profileId, deps.config.trustProxy, atMs), () => profileOf(entry).shareableId, report.key)
    return c.body(null, 204)
  })
}
