// Issue 27 item 5: after a visitor's and an owner's traffic from known addresses (page loads, reports, purchases,
// sign-ins, limited requests, idempotent visitor posts), no table holds those addresses in any form one could test a
// guess against: raw, as bytes, a plain SHA-256 of the address or of the rate-limit key it made, or a visitor hash whose
// salt sits in the database (decision 127).
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { addressKey } from '../../server/http/client-address.ts'
import { loadConfig } from '../../server/config.ts'
import { visitorHash, visitorKey } from '../../server/scans/scan-counter.ts'
import { loadStaticSite } from '../../server/site/static-files.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { createItem, newKey, signUpOwner } from './owner-helpers.ts'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const ADDRESSES = ['203.0.113.77', '2001:db8:77:1::77']
/** Every rate-limit bucket the routes use: a plain hash of bucket and address is what the review reversed. */
const BUCKETS = ['login', 'register', 'refresh', 'login-address', 'login-account-address', 'purchase-address', 'scan-report', 'scan-address', 'support-address', 'support-unverified', 'shipping-address', 'oauth-callback']

function visitorSite() {
  const dist = mkdtempSync(path.join(tmpdir(), 'qrtee-no-addresses-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), '<!doctype html><html><head><title>QR Tee</title><link rel="canonical" href="/"></head><body><div id="root"></div></body></html>')
  return loadStaticSite(dist)
}

const digests = (text: string) => {
  const hash = createHash('sha256').update(text).digest()
  return [hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')]
}

/** Every form of `address` that would let someone holding the database confirm a guess of it. */
function formsOf(address: string, namespace: string, email: string): string[] {
  const forms = new Set<string>()
  for (const value of [address, addressKey(address)]) {
    forms.add(value.toLowerCase())
    forms.add(Buffer.from(value).toString('hex'))
    for (const digest of digests(value)) forms.add(digest)
    for (const bucket of BUCKETS) {
      for (const key of [value, `${email}\u0000${value}`]) for (const digest of digests(`${namespace}\u0000${bucket}\u0000${key}`)) forms.add(digest)
    }
  }
  // An IPv4 address as its four bytes.
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) forms.add(Buffer.from(address.split('.').map(Number)).toString('hex'))
  return [...forms]
}

describeEachDatabase('no client address in the database', (getDatabase) => {
  let t: TestApp
  let page: ReturnType<typeof createApp>
  beforeAll(async () => {
    // Behind one trusted proxy, so each request's address is the one the test names in X-Forwarded-For.
    const config = { ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent' }), trustProxy: 1 }
    t = new TestApp(await getDatabase(), { config, rateLimits: { loginPerAddress: { max: 3, windowMs: 60_000 }, scansPerAddress: { max: 3, windowMs: 60_000 } } })
    page = createApp(t.deps, visitorSite())
  })

  it('stores no address in any form after page loads, reports, purchases, sign-ins, limited requests and visitor posts', async () => {
    const owner = await signUpOwner(t, 'noaddr')
    const item = await createItem(t, owner)
    const other = await createItem(t, owner, { name: 'Another item' })
    for (const [index, address] of ADDRESSES.entries()) {
      const from = { 'X-Forwarded-For': address, 'User-Agent': PHONE }
      // Page loads and reports, past the per-address limit of counted scans.
      for (let i = 0; i < 3; i += 1) expect((await page.request(`/profile/${owner.shareableId}`, { headers: { ...from, 'User-Agent': `${PHONE} #${i}` } })).status).toBe(200)
      const report = { rawBody: JSON.stringify({ at: new Date().toISOString() }), headers: { ...from, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': `${PHONE} r` } }
      for (let i = 0; i < 2; i += 1) expect((await t.request('POST', `/api/public/profiles/${owner.shareableId}/scans`, report)).status).toBe(204)
      // An idempotent visitor purchase and support message, each sent twice (the second is replayed from the row).
      const purchase = { body: { wishlistItemId: index === 0 ? item.id : other.id }, headers: { ...from, 'Idempotency-Key': newKey() } }
      for (let i = 0; i < 2; i += 1) expect((await t.request('POST', `/api/public/profiles/${owner.shareableId}/purchases`, purchase)).status).toBe(201)
      const support = { body: { name: 'Visitor', email: 'visitor@example.test', message: 'Hello there, a question.' }, headers: { ...from, 'Idempotency-Key': newKey() } }
      for (let i = 0; i < 2; i += 1) expect((await t.request('POST', '/api/public/support/contact', support)).status).toBe(201)
      // Sign-ins, a wrong one, and past the per-address limit.
      expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, headers: from })).status).toBe(200)
      expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: 'wrong password 42' }, headers: from })).status).toBe(401)
      expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, headers: from })).status).toBe(200)
      expect((await t.request('POST', '/api/auth/login', { body: { email: owner.email, password: owner.password }, headers: from })).status).toBe(429)
    }
    await t.deps.scans.flush()
    // The traffic was counted (so the hashes were written), within each address's limit.
    const stats = await t.request('GET', '/api/stats/scans?days=1', { token: owner.token })
    expect(stats.json.days.at(-1).scans).toBe(6)

    const tables = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)) as unknown as
      | { rows: { table_name: string }[] }
      | { table_name: string }[]
    const names = (Array.isArray(tables) ? tables : tables.rows).map((row) => row.table_name)
    expect(names).toEqual(expect.arrayContaining(['rate_limits', 'idempotency_keys', 'scan_visitors', 'scan_days', 'support_messages']))
    const dump: string[] = []
    for (const name of names) {
      const result = (await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))) as unknown as { rows: { row: string }[] } | { row: string }[]
      for (const { row } of Array.isArray(result) ? result : result.rows) dump.push(`${name}: ${row.toLowerCase()}`)
    }
    const text = dump.join('\n')
    for (const address of ADDRESSES) {
      for (const form of formsOf(address, t.deps.rateLimitNamespace ?? '', owner.email.toLowerCase())) {
        expect([address, form, dump.find((row) => row.includes(form.toLowerCase()))]).toEqual([address, form, undefined])
      }
    }
    // A salt stored anywhere would let a visitor hash be recomputed from a guessed address and browser: try every
    // 32-byte value in the database as a salt against every stored hash.
    const salts = [...text.matchAll(/\\x([0-9a-f]{64})/g)].map((match) => Buffer.from(match[1] ?? '', 'hex'))
    const hashes = new Set(dump.filter((row) => row.startsWith('scan_visitors: ')).flatMap((row) => [...row.matchAll(/\\x([0-9a-f]{64})/g)].map((m) => m[1])))
    expect(hashes.size).toBeGreaterThan(0)
    for (const salt of salts) {
      for (const address of ADDRESSES) {
        for (const agent of [PHONE, `${PHONE} r`, ...[0, 1, 2].map((i) => `${PHONE} #${i}`)]) {
          const hash = visitorHash(salt, visitorKey({ profileId: owner.profileId, clientAddress: address, userAgent: agent })).toString('hex')
          expect(hashes.has(hash)).toBe(false)
        }
      }
    }
  })
})
