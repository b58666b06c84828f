import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { encodingFor, loadStaticSite } from './static-files.ts'
import { PRERENDERED_DIR } from '../../src/lib/public-site-pages.ts'

const shell = `<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div>${' '.repeat(600)}</body></html>`
const script = `console.log(${JSON.stringify('x'.repeat(2000))})`

describe('static host with SPA fallback', () => {
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), shell)
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script)
    mkdirSync(path.join(dist, PRERENDERED_DIR))
    writeFileSync(path.join(dist, PRERENDERED_DIR, 'demo-wishlist.html'), `<!doctype html><title>Demo wishlist</title>${' '.repeat(600)}`)
    const database = { db: undefined, kind: 'pglite', ping: async () => true, close: async () => {} } as unknown as Database
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-data-')), LOG_LEVEL: 'silent' })
    app = createApp({ database, config, now: () => new Date() }, loadStaticSite(dist))
  })

  it.each(['/dashboard', '/help-center', '/products/new', '/'])('answers the app shell for the client route %s', async (route) => {
    const res = await app.request(route)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('<div id="root">')
  })

  it.each(['/nope', '/dashboard/extra', '/products', '/profile', '/login/again'])('answers the app shell with 404 for the unknown route %s', async (route) => {
    const res = await app.request(route)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('etag')).toBeNull()
    expect(await res.text()).toContain('<div id="root">')
  })

  it.each(['/dashboard/', '/products/3f1c', '/profile/edit', '/oauth/callback'])('answers 200 for the known route %s', async (route) => {
    expect((await app.request(route)).status).toBe(200)
  })

  it('never falls back to the shell for /api paths', async () => {
    const res = await app.request('/api/dashboard')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found' })
  })

  it('answers 404 for a missing asset instead of the shell', async () => {
    const res = await app.request('/assets/missing-123.js')
    expect(res.status).toBe(404)
  })

  it('serves hashed assets immutable, brotli or gzip as the client accepts', async () => {
    const br = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script)

    const gz = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)

    const plain = await app.request('/assets/app-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it.each([
    { header: 'gzip;q=0', encoding: null },
    { header: 'br;q=0, gzip;q=0, *;q=0', encoding: null },
    { header: 'gzip-not', encoding: null },
    { header: 'br;q=0, gzip', encoding: 'gzip' },
  ])('serves an asset plain or in a coding the client accepts: $header, $encoding', async ({ header, encoding }) => {
    const res = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': header } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(encoding)
    if (!encoding) expect(await res.text()).toBe(script)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/assets/app-abc123.js')
    const etag = first.headers.get('etag') ?? ''
    const again = await app.request('/assets/app-abc123.js', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*'])
      expect((await app.request('/assets/app-abc123.js', { headers: { 'If-None-Match': header } })).status).toBe(304)
  })

  it("answers 304 to a weak or listed If-None-Match on a prerendered public page", async () => {
    const first = await app.request('/demo/wishlist')
    expect(await first.text()).toContain('<title>Demo wishlist</title>')
    const etag = first.headers.get('etag') ?? ''
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`])
      expect((await app.request('/demo/wishlist', { headers: { 'If-None-Match': header } })).status).toBe(304)
  })
})

describe('encodingFor: the form of a file a client gets', () => {
  const files = {
    'br and gzip': { body: new Uint8Array(1), gzip: new Uint8Array(1), br: new Uint8Array(1) },
    'gzip only': { body: new Uint8Array(1), gzip: new Uint8Array(1) },
  }
  const both = 'br and gzip' as const
  const gzipOnly = 'gzip only' as const
  it.each([
    { file: both, header: 'gzip, deflate, br, zstd', encoding: 'br' },
    { file: both, header: 'gzip', encoding: 'gzip' },
    { file: both, header: 'br', encoding: 'br' },
    { file: both, header: '', encoding: undefined },
    { file: both, header: undefined, encoding: undefined },
    { file: both, header: '*', encoding: 'br' },
    { file: both, header: 'gzip-not', encoding: undefined },
    { file: both, header: 'gzip;q=0', encoding: undefined },
    { file: both, header: 'br;q=0, gzip;q=0, *;q=0', encoding: undefined },
    { file: both, header: 'identity;q=0, *;q=0', encoding: undefined },
    { file: both, header: 'br;q=0, gzip', encoding: 'gzip' },
    { file: both, header: 'gzip;q=1.0, br;q=0.5', encoding: 'gzip' },
    { file: both, header: 'gzip;q=0.5, br;q=0.5', encoding: 'br' },
    { file: gzipOnly, header: 'gzip, br', encoding: 'gzip' },
    { file: gzipOnly, header: 'br', encoding: undefined },
  ])('$header, a file in $file: $encoding', ({ file, header, encoding }) => {
    expect(encodingFor(files[file], header)).toBe(encoding)
  })
})
