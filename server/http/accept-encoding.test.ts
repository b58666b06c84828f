import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { codingQuality } from './accept-encoding.ts'

describe('codingQuality: how much an Accept-Encoding header wants gzip and brotli (RFC 9110 §12.5.3)', () => {
  it.each([
    // The headers browsers and clients send: no parameters, every listed coding q=1.
    { header: 'gzip, deflate, br', gzip: 1, br: 1 },
    { header: 'gzip, deflate, br, zstd', gzip: 1, br: 1 },
    { header: 'br', gzip: 0, br: 1 },
    { header: 'gzip', gzip: 1, br: 0 },
    { header: '', gzip: 0, br: 0 },
    { header: undefined, gzip: 0, br: 0 },
    { header: 'identity', gzip: 0, br: 0 },
    { header: 'GZIP, BR', gzip: 1, br: 1 },
    { header: ' gzip ,\tbr ', gzip: 1, br: 1 },
    { header: 'x-gzip', gzip: 1, br: 0 },
    // Names that only contain a coding's name are other codings.
    { header: 'gzip-not', gzip: 0, br: 0 },
    { header: 'not-gzip, brotli, br2', gzip: 0, br: 0 },
    { header: 'deflate', gzip: 0, br: 0 },
    // The wildcard stands for every coding not listed.
    { header: '*', gzip: 1, br: 1 },
    { header: 'deflate, *', gzip: 1, br: 1 },
    // q-values: 0 is "not acceptable".
    { header: 'gzip;q=0', gzip: 0, br: 0 },
    { header: 'gzip; q=0, br', gzip: 0, br: 1 },
    { header: 'br;q=0, gzip;q=0, *;q=0', gzip: 0, br: 0 },
    { header: '*;q=0', gzip: 0, br: 0 },
    { header: 'gzip, *;q=0', gzip: 1, br: 0 },
    { header: 'br;q=0, *', gzip: 1, br: 0 },
    { header: '*;q=0, gzip;q=0.5', gzip: 0.5, br: 0 },
    { header: 'gzip;q=1.0, br;q=0.5, deflate', gzip: 1, br: 0.5 },
    { header: 'gzip;q=0.001', gzip: 0.001, br: 0 },
    { header: 'gzip;Q=0', gzip: 0, br: 0 },
    { header: 'gzip;q=0.000', gzip: 0, br: 0 },
    { header: 'x-gzip;q=0', gzip: 0, br: 0 },
    { header: 'identity;q=0, gzip;q=0', gzip: 0, br: 0 },
    // The first entry of a coding listed twice counts; parameters other than q are ignored.
    { header: 'gzip;q=0, gzip', gzip: 0, br: 0 },
    { header: 'br;level=5;q=0.3', gzip: 0, br: 0.3 },
    // As Hono's compress middleware reads a q-value that is not one: a number is clamped, anything else is 1.
    { header: 'gzip;q=2', gzip: 1, br: 0 },
    { header: 'gzip;q=-1', gzip: 0, br: 0 },
    { header: 'gzip;q=abc', gzip: 1, br: 0 },
    { header: 'gzip;q=', gzip: 1, br: 0 },
    { header: 'gzip;q', gzip: 1, br: 0 },
  ])('$header: gzip $gzip, br $br', ({ header, gzip, br }) => {
    expect(codingQuality(header, 'gzip')).toBe(gzip)
    expect(codingQuality(header, 'br')).toBe(br)
  })
})

describe("Hono's compress middleware on the other API routes", () => {
  const database = { db: undefined, kind: 'pglite', ping: async () => true, close: async () => {} } as unknown as Database
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-data-')), LOG_LEVEL: 'silent' })
  const app = createApp({ database, config, now: () => new Date() }, undefined)

  it.each([
    { header: 'gzip, deflate, br', encoding: 'gzip' },
    { header: 'gzip;q=0', encoding: null },
    { header: 'gzip;q=0, deflate', encoding: 'deflate' },
    { header: 'gzip;q=0, *', encoding: 'deflate' },
    { header: 'br;q=0, gzip;q=0, *;q=0', encoding: null },
    { header: 'gzip-not', encoding: null },
  ])('/api/openapi.json with $header: $encoding', async ({ header, encoding }) => {
    const res = await app.request('/api/openapi.json', { headers: { 'Accept-Encoding': header } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(encoding)
  })
})
