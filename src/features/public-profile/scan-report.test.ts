import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { queuedReportDone, SCAN_REPORT_MAX_AGE_DAYS, ScanReportSchema } from '../../contract/scans.ts'
import {
  cookieValue,
  decideScanReport,
  enqueueScan,
  parseScanQueue,
  type QueuedScan,
  SCAN_QUEUE_MAX,
  type ScanOpening,
  scanReportBody,
  scanReportPath,
  type ScanReportDecision,
  trimScanQueue,
} from './scan-report.ts'

const opening = (over: Partial<ScanOpening> = {}): ScanOpening => ({
  servedByWorker: true,
  profile: { shareableId: 'aB3dE5gH' },
  preview: false,
  ownerProfileId: null,
  online: true,
  fromSavedCopy: false,
  ...over,
})

describe('decideScanReport', () => {
  it.each<[string, Partial<ScanOpening>, ScanReportDecision]>([
    ['the worker served it online with a fresh profile: a beacon now', {}, 'send'],
    ['the worker served it offline: queued', { online: false, fromSavedCopy: true }, 'queue'],
    ['the browser says online but only the saved copy answered (dead network): queued', { fromSavedCopy: true }, 'queue'],
    ['offline yet the network answered (the flag lagged): queued', { online: false }, 'queue'],
    ["the server's own HTML: the server counted it already", { servedByWorker: false }, 'skip'],
    ["the server's HTML, offline: still the server's count", { servedByWorker: false, online: false }, 'skip'],
    ['a missing or switched-off profile counts nothing', { profile: null }, 'skip'],
    ['a missing profile offline counts nothing', { profile: null, online: false }, 'skip'],
    ['the owner marker cookie names this profile: the owner viewing their own page', { ownerProfileId: 'aB3dE5gH' }, 'skip'],
    ['the owner offline viewing their own page', { ownerProfileId: 'aB3dE5gH', online: false, fromSavedCopy: true }, 'skip'],
    ['a preview (?preview) is not a scan', { preview: true }, 'skip'],
    ['a preview offline is not a scan either', { preview: true, online: false, fromSavedCopy: true }, 'skip'],
    ["an owner viewing someone else's profile is a visitor there", { ownerProfileId: 'zZ9yY8xX' }, 'send'],
    ['the owner cookie compares exactly (ids are case-sensitive)', { ownerProfileId: 'ab3de5gh' }, 'send'],
  ])('%s', (_, over, expected) => {
    expect(decideScanReport(opening(over))).toBe(expected)
  })
})

describe('the report on the wire', () => {
  it('goes to POST /api/public/profiles/{shareableId}/scans with the id encoded', () => {
    expect(scanReportPath('aB3dE5gH')).toBe('/api/public/profiles/aB3dE5gH/scans')
    expect(scanReportPath('a/b')).toBe('/api/public/profiles/a%2Fb/scans')
  })

  it('carries the opening time as ScanReportSchema accepts it', () => {
    const at = new Date('2026-11-24T08:57:51.123Z').toISOString()
    expect(v.parse(ScanReportSchema, JSON.parse(scanReportBody(at)))).toEqual({ at })
  })
})

describe('cookieValue', () => {
  it.each<[string, string, string | null]>([
    ['qrtee_owner=aB3dE5gH', 'qrtee_owner', 'aB3dE5gH'],
    ['theme=dark; qrtee_owner=aB3dE5gH; other=1', 'qrtee_owner', 'aB3dE5gH'],
    ['xqrtee_owner=aB3dE5gH', 'qrtee_owner', null],
    ['qrtee_owner_old=aB3dE5gH', 'qrtee_owner', null],
    ['qrtee_owner=a%2Fb', 'qrtee_owner', 'a/b'],
    ['qrtee_owner=%E0%A4%A', 'qrtee_owner', '%E0%A4%A'],
    ['qrtee_owner=', 'qrtee_owner', ''],
    ['', 'qrtee_owner', null],
  ])('%j -> %j', (cookies, name, expected) => {
    expect(cookieValue(cookies, name)).toBe(expected)
  })
})

const NOW = new Date('2026-11-24T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString()
const scan = (id: string, at: string): QueuedScan => ({ id, at })

describe('parseScanQueue', () => {
  it.each<[string, string | null, QueuedScan[]]>([
    ['nothing stored', null, []],
    ['broken JSON', '[{"id":', []],
    ['not a list', '{"id":"a","at":"2026-11-24T12:00:00.000Z"}', []],
    ['a valid queue', JSON.stringify([scan('a', daysAgo(1)), scan('b', daysAgo(0))]), [scan('a', daysAgo(1)), scan('b', daysAgo(0))]],
    ['unreadable entries dropped, the rest kept', JSON.stringify([{ id: 'a' }, scan('b', daysAgo(0)), { id: '', at: daysAgo(0) }, { id: 'c', at: 'yesterday' }, 7]), [scan('b', daysAgo(0))]],
    ['extra fields are not kept', JSON.stringify([{ ...scan('a', daysAgo(0)), ip: '1.2.3.4' }]), [scan('a', daysAgo(0))]],
  ])('%s', (_, raw, expected) => {
    expect(parseScanQueue(raw)).toEqual(expected)
  })
})

describe('trimScanQueue and enqueueScan', () => {
  it.each<[string, QueuedScan[], QueuedScan[]]>([
    ['an empty queue stays empty', [], []],
    [
      `reports older than ${SCAN_REPORT_MAX_AGE_DAYS} days are dropped; the limit day itself is kept`,
      [scan('old', daysAgo(SCAN_REPORT_MAX_AGE_DAYS + 0.01)), scan('edge', daysAgo(SCAN_REPORT_MAX_AGE_DAYS)), scan('new', daysAgo(0))],
      [scan('edge', daysAgo(SCAN_REPORT_MAX_AGE_DAYS)), scan('new', daysAgo(0))],
    ],
    ['kept in the order the pages were opened', [scan('b', daysAgo(1)), scan('a', daysAgo(2))], [scan('a', daysAgo(2)), scan('b', daysAgo(1))]],
    ['two scans of one profile are two reports', [scan('a', daysAgo(1)), scan('a', daysAgo(1))], [scan('a', daysAgo(1)), scan('a', daysAgo(1))]],
  ])('%s', (_, queue, expected) => {
    expect(trimScanQueue(queue, NOW)).toEqual(expected)
  })

  it(`keeps at most ${SCAN_QUEUE_MAX}, dropping the oldest first`, () => {
    const full = Array.from({ length: SCAN_QUEUE_MAX }, (_, index) => scan(`p${index}`, new Date(NOW.getTime() - (SCAN_QUEUE_MAX - index) * 60_000).toISOString()))
    const next = enqueueScan(full, scan('newest', NOW.toISOString()), NOW)
    expect(next).toHaveLength(SCAN_QUEUE_MAX)
    expect(next[0]?.id).toBe('p1')
    expect(next.at(-1)?.id).toBe('newest')
    expect(next.map((entry) => entry.id)).not.toContain('p0')
  })

  it('a report queued after a week offline drops the expired ones on the way in', () => {
    expect(enqueueScan([scan('old', daysAgo(8))], scan('new', NOW.toISOString()), NOW)).toEqual([scan('new', NOW.toISOString())])
  })
})

describe('queuedReportDone', () => {
  it.each<[number | null, boolean]>([
    [204, true],
    [200, true],
    // Refused for good (too old, switched off, malformed): sending again would be refused again.
    [400, true],
    [404, true],
    [413, true],
    // Worth another try.
    [null, false],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
  ])('%s -> %s', (status, done) => {
    expect(queuedReportDone(status)).toBe(done)
  })
})
