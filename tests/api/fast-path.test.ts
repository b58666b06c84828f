// The scan fast path (server/scans/fast-path.ts) answers byte for byte what the Hono adapter answers: status, headers (Date
// aside), body, log line and scan count, for a table of requests; two real HTTP servers over one app and database.
import { getRequestListener } from '@hono/node-server'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { createFastPath, type FastPath, withFastPath } from '../../server/scans/fast-path.ts'
import { ScanCounter } from '../../server/scans/scan-counter.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { captureLogs } from './log-capture.ts'
import { createItem, signUpOwner } from './owner-helpers.ts'

const VISITOR_DOCUMENT =
  '<!doctype html><html><head><title>QR Tee</title><meta name="description" content="default">' +
  '<link rel="canonical" href="/"><meta property="og:url" content="/"><meta property="og:title" content="QR Tee">' +
  '<script type="module" crossorigin src="/assets/profile.js"></script><link rel="stylesheet" crossorigin href="/assets/profile.css">' +
  '</head><body><div id="root"></div></body></html>'

function site() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-fast-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), VISITOR_DOCUMENT)
  writeFileSync(path.join(dist, 'assets', 'profile.css'), '.qv-card{border:1px solid}'.repeat(40))
  return loadStaticSite(dist)
}

type Answer = { status: number; headers: string[]; body: Buffer }

function call(port: number, method: string, urlPath: string, headers: Record<string, string | string[]>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        // Names as written on the wire and in their order; only Date differs from one second to the next.
        const raw: string[] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() !== 'date') raw.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`)
        }
        resolve({ status: res.statusCode ?? 0, headers: raw, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const contentEncoding = (answer: Answer) =>
  answer.headers.find((line) => line.toLowerCase().startsWith('content-encoding: '))?.slice('content-encoding: '.length) ?? null

function listen(listener: http.RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(listener)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  )
}

describeEachDatabase('the scan fast path answers like the Hono adapter', (getDatabase) => {
  let t: TestApp
  let plain: Awaited<ReturnType<typeof listen>>
  let fast: Awaited<ReturnType<typeof listen>>
  let fastPath: FastPath
  let scans: ScanCounter
  const logs = captureLogs()
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = new TestApp(await getDatabase())
    scans = new ScanCounter(t.deps.database, { flushMs: 60_000, secret: t.deps.config.addressSecret, namespace: t.deps.rateLimitNamespace })
    const deps = { ...t.deps, logger: logs.logger, scans }
    const built = site()
    const adapter = getRequestListener(createApp(deps, built).fetch)
    fastPath = createFastPath(deps, built)
    plain = await listen(adapter)
    fast = await listen(withFastPath(fastPath, adapter))

    const wishlist = await signUpOwner(t, 'fastwish')
    await t.request('PUT', '/api/profiles', { token: wishlist.token, body: { profileType: 'WISHLIST', description: 'Coffee & climbing' } })
    for (let n = 1; n <= 30; n++) await createItem(t, wishlist, { name: `Item ${n}`, price: n + 0.5 })
    const owner = async (settings: Record<string, unknown>) => {
      const account = await signUpOwner(t, 'fast')
      expect((await t.request('PUT', '/api/profiles', { token: account.token, body: settings })).status).toBe(200)
      return account
    }
    ids.wishlist = wishlist.shareableId
    ids.username = wishlist.username
    ids.text = (await owner({ profileType: 'CUSTOM_TEXT', customText: 'Hello' })).shareableId
    ids.redirect = (await owner({ profileType: 'REDIRECT', redirectUrl: 'https://example.org/landing' })).shareableId
    ids.hidden = (await owner({ isPublic: false })).shareableId
    ids.missing = 'nobody-here-fast-42'
  })
  afterAll(async () => {
    await plain?.close()
    await fast?.close()
  })

  // A phone's browser, so the rows that are scans are counted (an empty or a bot's user agent never is).
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const REQUEST_ID = { 'X-Request-Id': 'table-row-1', 'User-Agent': PHONE }
  /**
   * `scan`: the request counts as one scan (on both paths alike); `fast`: the fast path answers it; `status` and
   * `encoding` (null: none), when given: what both answer, so a row cannot pass by both paths being wrong alike.
   */
  type Row = {
    name: string
    method?: string
    path: (ids: Record<string, string>) => string
    headers?: Record<string, string | string[]>
    fast: boolean
    scan?: true
    status?: number
    encoding?: string | null
  }
  const page = (key: string) => (ids: Record<string, string>) => `/profile/${ids[key]}`
  const api = (key: string) => (ids: Record<string, string>) => `/api/profiles/${ids[key]}`
  const ETAG = 'ETAG' // replaced by the answer's own ETag
  const table: Row[] = [
    ...(['wishlist', 'username', 'text'] as const).flatMap((key): Row[] => [
      { name: `${key} page, no Accept-Encoding`, path: page(key), fast: true, scan: true },
      { name: `${key} page, gzip`, path: page(key), headers: { 'Accept-Encoding': 'gzip' }, fast: true, scan: true },
      { name: `${key} page, br`, path: page(key), headers: { 'Accept-Encoding': 'br' }, fast: true, scan: true },
      { name: `${key} page, both with q-values`, path: page(key), headers: { 'Accept-Encoding': 'gzip;q=1.0, br;q=0.5, deflate' }, fast: true, scan: true, encoding: 'gzip' },
      { name: `${key} page, gzip refused`, path: page(key), headers: { 'Accept-Encoding': 'gzip;q=0' }, fast: true, scan: true, encoding: null },
      { name: `${key} page, every coding refused`, path: page(key), headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0, *;q=0' }, fast: true, scan: true, encoding: null },
      { name: `${key} page, br refused, gzip wanted`, path: page(key), headers: { 'Accept-Encoding': 'br;q=0, gzip' }, fast: true, scan: true, encoding: 'gzip' },
      { name: `${key} page, a coding named like gzip`, path: page(key), headers: { 'Accept-Encoding': 'gzip-not' }, fast: true, scan: true, encoding: null },
      { name: `${key} page, coding names in upper case`, path: page(key), headers: { 'Accept-Encoding': 'GZIP, BR' }, fast: true, scan: true },
      { name: `${key} page, identity only`, path: page(key), headers: { 'Accept-Encoding': 'identity' }, fast: true, scan: true },
      { name: `${key} page, matching If-None-Match`, path: page(key), headers: { 'If-None-Match': ETAG, 'Accept-Encoding': 'br' }, fast: true, scan: true, status: 304 },
      { name: `${key} page, other If-None-Match`, path: page(key), headers: { 'If-None-Match': '"other"' }, fast: true, scan: true, status: 200 },
      { name: `${key} page, weak If-None-Match`, path: page(key), headers: { 'If-None-Match': `W/${ETAG}` }, fast: true, scan: true, status: 304 },
      { name: `${key} page, If-None-Match *`, path: page(key), headers: { 'If-None-Match': '*' }, fast: true, scan: true, status: 304 },
      { name: `${key} page, If-None-Match in a list`, path: page(key), headers: { 'If-None-Match': `"x", ${ETAG}` }, fast: true, scan: true, status: 304 },
      { name: `${key} page, HEAD`, method: 'HEAD', path: page(key), headers: { 'Accept-Encoding': 'gzip, br' }, fast: true },
      { name: `${key} page, query string`, path: (ids) => `${page(key)(ids)}?utm_source=shirt`, fast: true, scan: true },
      { name: `${key} page, preview`, path: (ids) => `${page(key)(ids)}?preview`, fast: true },
      { name: `${key} page, Range`, path: page(key), headers: { Range: 'bytes=0-9' }, fast: false, scan: true },
      { name: `${key} api, no Accept-Encoding`, path: api(key), fast: true },
      { name: `${key} api, gzip`, path: api(key), headers: { 'Accept-Encoding': 'gzip, deflate, br' }, fast: true },
      { name: `${key} api, gzip in upper case`, path: api(key), headers: { 'Accept-Encoding': 'GZIP' }, fast: true },
      { name: `${key} api, br only`, path: api(key), headers: { 'Accept-Encoding': 'br' }, fast: true },
      { name: `${key} api, deflate (compressed by Hono)`, path: api(key), headers: { 'Accept-Encoding': 'deflate' }, fast: false },
      { name: `${key} api, gzip refused`, path: api(key), headers: { 'Accept-Encoding': 'gzip;q=0' }, fast: true, encoding: null },
      { name: `${key} api, every coding refused`, path: api(key), headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0, *;q=0' }, fast: false, encoding: null },
      { name: `${key} api, a coding named like gzip`, path: api(key), headers: { 'Accept-Encoding': 'gzip-not' }, fast: true, encoding: null },
      { name: `${key} api, any coding`, path: api(key), headers: { 'Accept-Encoding': '*' }, fast: true, encoding: 'gzip' },
      { name: `${key} api, matching If-None-Match`, path: api(key), headers: { 'If-None-Match': ETAG }, fast: true },
      { name: `${key} api, weak If-None-Match in a list`, path: api(key), headers: { 'If-None-Match': `"x", W/${ETAG}` }, fast: true },
      { name: `${key} api, HEAD`, method: 'HEAD', path: api(key), headers: { 'Accept-Encoding': 'gzip' }, fast: true },
      { name: `${key} api, header names in odd case`, path: api(key), headers: { 'ACCEPT-encoding': 'gzip', 'if-NONE-match': ETAG }, fast: true },
    ]),
    // A header the fast path reads, sent twice: read joined, as Hono reads it.
    { name: 'text api, Accept-Encoding twice', path: api('text'), headers: { 'Accept-Encoding': ['identity', 'gzip'] }, fast: true },
    { name: 'text page, Accept-Encoding twice', path: page('text'), headers: { 'Accept-Encoding': ['identity', 'gzip'] }, fast: true, scan: true },
    { name: 'text page, If-None-Match twice', path: page('text'), headers: { 'If-None-Match': ['"other"', ETAG] }, fast: true, scan: true, status: 304 },
    { name: 'text page, a Range in upper case', path: page('text'), headers: { RANGE: 'bytes=0-9' }, fast: false, scan: true },
    { name: 'redirect page', path: page('redirect'), fast: true, scan: true },
    { name: 'redirect page, HEAD', method: 'HEAD', path: page('redirect'), fast: true },
    { name: 'redirect page, owner marker', path: page('redirect'), headers: { Cookie: `qrtee_owner=REDIRECT` }, fast: true },
    { name: 'text page, a percent-encoding in the query', path: (ids) => `${page('text')(ids)}?ref=%41`, fast: false, scan: true },
    { name: 'text page, a bot', path: page('text'), headers: { 'User-Agent': 'curl/8.5.0' }, fast: true },
    { name: 'text page, a prefetch', path: page('text'), headers: { 'Sec-Purpose': 'prefetch' }, fast: true },
    { name: 'redirect api', path: api('redirect'), headers: { 'Accept-Encoding': 'gzip' }, fast: true },
    { name: 'switched-off page', path: page('hidden'), fast: false },
    { name: 'switched-off api', path: api('hidden'), fast: false },
    { name: 'missing page', path: page('missing'), headers: { 'Accept-Encoding': 'br' }, fast: false },
    { name: 'missing api', path: api('missing'), fast: false },
    { name: 'owner path /profile/edit', path: () => '/profile/edit', fast: false },
    { name: 'owner path /profile/qr', path: () => '/profile/qr', fast: false },
    { name: 'owner api /api/profiles', path: () => '/api/profiles', fast: false },
    { name: 'trailing slash', path: (ids) => `${page('text')(ids)}/`, fast: false },
    { name: 'deeper path', path: (ids) => `${api('text')(ids)}/more`, fast: false },
    { name: 'percent-encoded address', path: (ids) => `/profile/%${ids.text}`, fast: false },
    { name: 'malformed percent-encoding', path: () => '/api/profiles/%E0%A4%A', fast: false },
    { name: 'POST to the public api', method: 'POST', path: api('text'), fast: false },
    { name: 'unknown path', path: () => '/nothing/here', fast: false },
  ]

  it.each(table)('$name', async (row) => {
    const urlPath = row.path(ids).replace('REDIRECT', ids.redirect ?? '')
    const cookie = (row.headers?.Cookie as string | undefined)?.replace('REDIRECT', ids.redirect ?? '')
    // The first request warms the caches (the profile, the rendered page) through Hono, as a first scan does.
    const warm = await call(plain.port, 'GET', urlPath.split('?')[0] ?? urlPath, {})
    const etag = /^etag: (.*)$/im.exec(warm.headers.join('\n'))?.[1] ?? '"none"'
    const headers: Record<string, string | string[]> = { ...REQUEST_ID, ...row.headers, ...(cookie && { Cookie: cookie }) }
    for (const [name, value] of Object.entries(headers)) headers[name] = Array.isArray(value) ? value.map((v) => v.replace(ETAG, etag)) : value.replace(ETAG, etag)
    const method = row.method ?? 'GET'

    const scansBefore = scans.pendingScans()
    const expected = await call(plain.port, method, urlPath, headers)
    const expectedLog = logs.lines().at(-1)
    const counted = scans.pendingScans() - scansBefore

    const answeredBefore = fastPath.answered()
    const actual = await call(fast.port, method, urlPath, headers)
    const actualLog = logs.lines().at(-1)

    if (row.status !== undefined) expect(expected.status).toBe(row.status)
    if (row.encoding !== undefined) expect(contentEncoding(expected)).toBe(row.encoding)
    expect(fastPath.answered() - answeredBefore).toBe(row.fast ? 1 : 0)
    expect(actual.status).toBe(expected.status)
    expect(actual.headers).toEqual(expected.headers)
    expect(actual.body.equals(expected.body)).toBe(true)
    const comparable = (line: Record<string, unknown> | undefined) => ({ ...line, time: undefined, durationMs: undefined })
    expect(comparable(actualLog)).toEqual(comparable(expectedLog))
    expect(counted).toBe(row.scan ? 1 : 0)
    expect(scans.pendingScans() - scansBefore - counted).toBe(counted)
  })

  it('answers a fresh request id when the client sends none, like the middleware', async () => {
    await call(plain.port, 'GET', `/profile/${ids.text}`, {})
    const answer = await call(fast.port, 'GET', `/profile/${ids.text}`, {})
    expect(answer.status).toBe(200)
    expect(answer.headers.find((h) => h.startsWith('x-request-id: '))).toMatch(/^x-request-id: [0-9a-f-]{36}$/)
  })

  it('leaves a hop onto a visitor page to Hono, which sees that page is a redirect too (decision 207)', async () => {
    const at = (owner: { shareableId: string }) => `${t.deps.config.publicUrl}/profile/${owner.shareableId}`
    const [a, b] = [await signUpOwner(t, 'fasthop'), await signUpOwner(t, 'fasthop')]
    await t.request('PUT', '/api/profiles', { token: b.token, body: { profileType: 'REDIRECT', redirectUrl: at(a) } })
    await t.request('PUT', '/api/profiles', { token: a.token, body: { profileType: 'REDIRECT', redirectUrl: at(b) } })
    await call(plain.port, 'GET', `/profile/${a.shareableId}`, {})
    const answered = fastPath.answered()
    expect((await call(fast.port, 'GET', `/profile/${a.shareableId}`, {})).status).toBe(200)
    expect(fastPath.answered()).toBe(answered)
  })

  it('serves a profile change at once: the new version is rendered by Hono, then answered fast', async () => {
    const owner = await signUpOwner(t, 'fastchange')
    await t.request('PUT', '/api/profiles', { token: owner.token, body: { profileType: 'CUSTOM_TEXT', customText: 'Before' } })
    await call(plain.port, 'GET', `/profile/${owner.shareableId}`, {})
    expect((await call(fast.port, 'GET', `/profile/${owner.shareableId}`, {})).body.toString()).toContain('Before')
    await t.request('PUT', '/api/profiles', { token: owner.token, body: { customText: 'After' } })
    const answered = fastPath.answered()
    expect((await call(fast.port, 'GET', `/profile/${owner.shareableId}`, {})).body.toString()).toContain('After')
    expect(fastPath.answered()).toBe(answered)
    expect((await call(fast.port, 'GET', `/api/profiles/${owner.shareableId}`, {})).body.toString()).toContain('After')
  })
})
