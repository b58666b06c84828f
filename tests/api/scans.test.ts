// Scan counts through real HTTP (decision 105): which requests count, the page's report, the owner's stats route, and
// the counts in the sync feed, the export and the account deletion.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { SCAN_DAYS_DEFAULT, SCAN_OWNER_COOKIE, SCAN_REPORT_AT_MESSAGE, SCAN_REPORT_KEY_MESSAGE } from '../../src/contract/scans.ts'
import { createApp } from '../../server/app.ts'
import { scanDays } from '../../server/db/schema.ts'
import { SCAN_REPORT_MESSAGES } from '../../server/scans/scan-reports.ts'
import { ScanCounter, utcDay } from '../../server/scans/scan-counter.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const DAY_MS = 24 * 60 * 60 * 1000

function visitorSite() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-scans-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>')
  writeFileSync(
    path.join(dist, 'profile.html'),
    '<!doctype html><html><head><title>QR Tee</title><meta name="description" content="x"><link rel="canonical" href="/"></head><body><div id="root"></div></body></html>',
  )
  return loadStaticSite(dist)
}

describeEachDatabase('scan counts', (getDatabase) => {
  let t: TestApp
  let page: ReturnType<typeof createApp>
  let scans: ScanCounter
  beforeAll(async () => {
    const database = await getDatabase()
    // An hour between timed flushes: the tests flush themselves, so what is pending is exactly what they sent.
    scans = new ScanCounter(database, { flushMs: 3_600_000, secret: 'scans-test-secret-scans-test-secret-42', namespace: randomUUID() })
    t = new TestApp(database, { scans, rateLimits: { scanReportsPerAddress: { max: 1000, windowMs: 60_000 } } })
    page = createApp(t.deps, visitorSite())
  })

  async function ownerWith(settings: Record<string, unknown> = {}) {
    const owner = await signUpOwner(t, 'scans')
    if (Object.keys(settings).length > 0) expect((await t.request('PUT', '/api/profiles', { token: owner.token, body: settings })).status).toBe(200)
    return owner
  }

  const stats = async (token: string, query = '') => (await t.request('GET', `/api/stats/scans${query}`, { token })).json
  const today = () => utcDay(Date.now())

  it('counts a person opening the page, a revisit (304) and a redirect, and nothing else of the rules table', async () => {
    const owner = await ownerWith({ profileType: 'CUSTOM_TEXT', customText: 'Hello' })
    const other = await ownerWith()
    const redirect = await ownerWith({ profileType: 'REDIRECT', redirectUrl: 'https://example.org/x' })
    const hidden = await ownerWith({ isPublic: false })
    const first = await page.request(`/profile/${owner.shareableId}`, { headers: { 'User-Agent': PHONE } })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag') ?? ''
    const rows: { what: string; url: string; init?: RequestInit; status: number; counted: boolean }[] = [
      { what: 'a phone', url: `/profile/${owner.shareableId}`, status: 200, counted: true },
      { what: 'by username', url: `/profile/${owner.username}`, status: 200, counted: true },
      { what: 'a revisit (304)', url: `/profile/${owner.shareableId}`, init: { headers: { 'If-None-Match': etag } }, status: 304, counted: true },
      { what: 'the redirect (302)', url: `/profile/${redirect.shareableId}`, status: 302, counted: true },
      { what: 'another owner (their marker is not this profile)', url: `/profile/${owner.shareableId}`, init: { headers: { Cookie: `${SCAN_OWNER_COOKIE}=${other.shareableId}` } }, status: 200, counted: true },
      { what: 'the owner (marker)', url: `/profile/${owner.shareableId}`, init: { headers: { Cookie: `theme=dark; ${SCAN_OWNER_COOKIE}=${owner.shareableId}` } }, status: 200, counted: false },
      { what: 'the owner by username', url: `/profile/${owner.username}`, init: { headers: { Cookie: `${SCAN_OWNER_COOKIE}=${owner.shareableId}` } }, status: 200, counted: false },
      { what: 'the redirect owner', url: `/profile/${redirect.shareableId}`, init: { headers: { Cookie: `${SCAN_OWNER_COOKIE}=${redirect.shareableId}` } }, status: 302, counted: false },
      { what: 'a preview link', url: `/profile/${owner.shareableId}?preview`, status: 200, counted: false },
      { what: 'a crawler', url: `/profile/${owner.shareableId}`, init: { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } }, status: 200, counted: false },
      { what: 'a link unfurler', url: `/profile/${owner.shareableId}`, init: { headers: { 'User-Agent': 'WhatsApp/2.23.20.0' } }, status: 200, counted: false },
      { what: 'curl', url: `/profile/${owner.shareableId}`, init: { headers: { 'User-Agent': 'curl/8.5.0' } }, status: 200, counted: false },
      { what: 'no user agent', url: `/profile/${owner.shareableId}`, init: { headers: { 'User-Agent': '' } }, status: 200, counted: false },
      { what: 'Chrome prefetch', url: `/profile/${owner.shareableId}`, init: { headers: { 'Sec-Purpose': 'prefetch' } }, status: 200, counted: false },
      { what: 'Chrome prerender', url: `/profile/${owner.shareableId}`, init: { headers: { 'Sec-Purpose': 'prefetch;prerender' } }, status: 200, counted: false },
      { what: 'Purpose: prefetch', url: `/profile/${owner.shareableId}`, init: { headers: { Purpose: 'prefetch' } }, status: 200, counted: false },
      { what: 'Firefox prefetch', url: `/profile/${owner.shareableId}`, init: { headers: { 'X-Moz': 'prefetch' } }, status: 200, counted: false },
      { what: 'Safari preview', url: `/profile/${owner.shareableId}`, init: { headers: { 'X-Purpose': 'preview' } }, status: 200, counted: false },
      { what: 'HEAD', url: `/profile/${owner.shareableId}`, init: { method: 'HEAD' }, status: 200, counted: false },
      { what: 'a switched-off profile', url: `/profile/${hidden.shareableId}`, status: 404, counted: false },
      { what: 'a missing profile', url: '/profile/nobody-here-at-all', status: 404, counted: false },
    ]
    for (const row of rows) {
      const before = scans.pendingScans()
      const headers = { 'User-Agent': PHONE, ...(row.init?.headers as Record<string, string> | undefined) }
      const res = await page.request(row.url, { ...row.init, headers })
      expect([row.what, res.status]).toEqual([row.what, row.status])
      expect([row.what, scans.pendingScans() - before]).toEqual([row.what, row.counted ? 1 : 0])
    }
    await scans.flush()
    // One address and one browser: every scan is the same visitor within 30 minutes, so one scan (decision 128).
    expect((await stats(owner.token)).days.at(-1)).toEqual({ day: today(), scans: 1, visitors: 1 })
    expect((await stats(redirect.token)).days.at(-1)).toEqual({ day: today(), scans: 1, visitors: 1 })
    expect((await stats(hidden.token)).totalScans).toBe(0)
  })

  it("takes the page's report: text/plain or empty, counted on the day it happened; too old and bad bodies refused", async () => {
    const owner = await ownerWith()
    const hidden = await ownerWith({ isPublic: false })
    const report = (shareableId: string, body: string | undefined, headers: Record<string, string> = {}) =>
      t.request('POST', `/api/public/profiles/${shareableId}/scans`, { rawBody: body, headers: { 'User-Agent': PHONE, 'Content-Type': 'text/plain;charset=UTF-8', ...headers } })
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS)
    expect((await report(owner.shareableId, '')).status).toBe(204)
    expect((await report(owner.shareableId, JSON.stringify({ at: new Date().toISOString() }))).status).toBe(204)
    expect((await report(owner.shareableId, JSON.stringify({ at: twoDaysAgo.toISOString() }))).status).toBe(204)
    // Not counted, but answered alike: the page cannot tell (and need not know).
    expect((await report(owner.shareableId, '', { Cookie: `${SCAN_OWNER_COOKIE}=${owner.shareableId}` })).status).toBe(204)
    expect((await report(owner.shareableId, '', { 'User-Agent': 'Slackbot-LinkExpanding 1.0' })).status).toBe(204)

    const tooOld = await report(owner.shareableId, JSON.stringify({ at: new Date(Date.now() - 8 * DAY_MS).toISOString() }))
    expect([tooOld.status, tooOld.json]).toEqual([400, { message: SCAN_REPORT_MESSAGES.tooOld }])
    expect(SCAN_REPORT_MESSAGES.tooOld).toBe('A scan report older than 7 days is not counted.')
    const notJson = await report(owner.shareableId, '{at:')
    expect([notJson.status, notJson.json]).toEqual([400, { message: SCAN_REPORT_MESSAGES.notJson }])
    // Forms an ISO pattern takes but no clock reads (an offset of hours only) are refused like any other bad time.
    for (const at of ['2026-01-31T12:00:00+01', '2026-01-31T12:00:00 +01:00', 'yesterday']) {
      const badTime = await report(owner.shareableId, JSON.stringify({ at }))
      expect([at, badTime.status, badTime.json]).toEqual([at, 400, { message: SCAN_REPORT_AT_MESSAGE }])
    }
    expect((await report(hidden.shareableId, '')).status).toBe(404)
    expect((await report('nobody-here-at-all', '')).status).toBe(404)

    await scans.flush()
    const days = (await stats(owner.token, '?days=7')).days
    expect(days).toHaveLength(7)
    // Visitors are told apart on the day itself only: the salt of an older day is gone. The two reports of today came
    // from one browser within 30 minutes: one scan (decision 128).
    expect(days.at(-1)).toEqual({ day: today(), scans: 1, visitors: 1 })
    expect(days.at(-3)).toEqual({ day: utcDay(twoDaysAgo.getTime()), scans: 1, visitors: 0 })
  })

  it('counts a report from a phone whose clock runs fast as now, and a report resent with its key once (issue 25)', async () => {
    const owner = await ownerWith()
    const report = (body: object, agent: string) =>
      t.request('POST', `/api/public/profiles/${owner.shareableId}/scans`, {
        rawBody: JSON.stringify(body),
        headers: { 'User-Agent': agent, 'Content-Type': 'text/plain;charset=UTF-8' },
      })
    // An hour fast: beyond any tolerance, yet a real scan. Counted on the server's clock, never refused.
    const fast = await report({ at: new Date(Date.now() + 60 * 60 * 1000).toISOString() }, `${PHONE} fast`)
    expect(fast.status).toBe(204)
    // A queued report whose answer was lost is sent again with its key; the browser updated meanwhile (another agent,
    // so only the key can tell it is the same report).
    const key = randomUUID()
    const at = new Date(Date.now() - 60 * 1000).toISOString()
    expect((await report({ at, key }, `${PHONE} queued`)).status).toBe(204)
    await scans.flush()
    expect((await report({ at, key }, `${PHONE} queued, updated`)).status).toBe(204)
    await scans.flush()
    expect((await stats(owner.token)).days.at(-1)).toEqual({ day: today(), scans: 2, visitors: 2 })
    const badKey = await report({ key: 'not-a-key' }, PHONE)
    expect([badKey.status, badKey.json]).toEqual([400, { message: SCAN_REPORT_KEY_MESSAGE }])
  })

  it('limits reports per address with a 429 that says so', async () => {
    const limited = new TestApp(await getDatabase(), { scans, rateLimits: { scanReportsPerAddress: { max: 2, windowMs: 60_000 } } })
    const owner = await signUpOwner(limited, 'limit')
    const send = () => limited.request('POST', `/api/public/profiles/${owner.shareableId}/scans`, { headers: { 'User-Agent': PHONE } })
    expect([(await send()).status, (await send()).status]).toEqual([204, 204])
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(/^Too many scan reports from your network\. Please try again in /)
  })

  it("answers the owner's own stats: one entry per day, oldest first, zeros included; another owner's profile is 404", async () => {
    const owner = await ownerWith()
    const stranger = await ownerWith()
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      scans.count({ profileId: owner.profileId, clientAddress: address, userAgent: PHONE, header: () => undefined, method: 'GET' })
    }
    scans.count({ profileId: owner.profileId, clientAddress: '198.51.100.1', userAgent: PHONE, header: () => undefined, method: 'GET', nowMs: Date.now() - 3 * DAY_MS })
    await scans.flush()

    const all = await stats(owner.token)
    expect(all.days).toHaveLength(SCAN_DAYS_DEFAULT)
    expect(all.days[0].day).toBe(utcDay(Date.now() - (SCAN_DAYS_DEFAULT - 1) * DAY_MS))
    expect(all.days.at(-1)).toEqual({ day: today(), scans: 2, visitors: 2 })
    expect(all.days.at(-4)).toEqual({ day: utcDay(Date.now() - 3 * DAY_MS), scans: 1, visitors: 0 })
    expect(all.days.filter((day: { scans: number }) => day.scans === 0)).toHaveLength(SCAN_DAYS_DEFAULT - 2)
    expect([all.totalScans, all.totalVisitors]).toEqual([3, 2])
    expect((await stats(owner.token, '?days=90')).days).toHaveLength(90)
    expect((await t.request('GET', `/api/stats/scans/${owner.shareableId}?days=2`, { token: owner.token })).json.days.at(-1).scans).toBe(2)

    // The stranger sees their own (empty) counts, never the owner's.
    expect((await stats(stranger.token)).totalScans).toBe(0)
    const foreign = await t.request('GET', `/api/stats/scans/${owner.shareableId}`, { token: stranger.token })
    expect([foreign.status, foreign.json]).toEqual([404, { message: 'Profile not found' }])
    expect((await t.request('GET', '/api/stats/scans')).status).toBe(401)
    const bad = await t.request('GET', '/api/stats/scans?days=91', { token: owner.token })
    expect([bad.status, bad.json.message]).toEqual([400, 'days must be 1 to 90'])
  })

  it('carries the last 30 days on the sync feed, includes every counted day in the export, and deletes them with the account', async () => {
    const owner = await ownerWith()
    scans.count({ profileId: owner.profileId, clientAddress: '203.0.113.9', userAgent: PHONE, header: () => undefined, method: 'GET' })
    scans.count({ profileId: owner.profileId, clientAddress: '203.0.113.9', userAgent: PHONE, header: () => undefined, method: 'GET', nowMs: Date.now() - 6 * DAY_MS })
    await scans.flush()

    const feed = (await t.request('GET', '/api/sync/changes?cursor=0', { token: owner.token })).json
    expect(feed.hasMore).toBe(false)
    expect(feed.scans).toHaveLength(SCAN_DAYS_DEFAULT)
    expect(feed.scans.at(-1)).toEqual({ day: today(), scans: 1, visitors: 1 })
    // A page with more to come carries no counts: they come once, on the last page.
    await createItem(t, owner)
    await createItem(t, owner)
    const paged = (await t.request('GET', '/api/sync/changes?cursor=0&limit=1', { token: owner.token })).json
    expect([paged.hasMore, paged.scans]).toEqual([true, undefined])

    const doc = (await t.request('GET', '/api/users/me/export', { token: owner.token })).json
    expect(doc.scans).toEqual([
      { day: utcDay(Date.now() - 6 * DAY_MS), scans: 1, visitors: 0 },
      { day: today(), scans: 1, visitors: 1 },
    ])

    expect(await t.db.select().from(scanDays).where(eq(scanDays.profileId, owner.profileId))).toHaveLength(2)
    expect((await t.request('DELETE', '/api/users/me', { token: owner.token, body: { currentPassword: owner.password } })).status).toBe(204)
    expect(await t.db.select().from(scanDays).where(eq(scanDays.profileId, owner.profileId))).toEqual([])
  })
})
