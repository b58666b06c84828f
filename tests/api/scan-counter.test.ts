// The scan counter against a real database (decisions 105, 127, 128): the daily salt only in memory, a visitor's scan
// once per 30 minutes, the per-address limit shared by servers, one statement per flush, servers adding up, a database
// outage, and the flush at shutdown.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it, vi } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { type Database, openDatabase } from '../../server/db/client.ts'
import { scanSaltOf } from '../../server/http/address-keys.ts'
import { scanDays, scanVisitors } from '../../server/db/schema.ts'
import { startServer } from '../../server/main.ts'
import { type ScanCounterOptions, type ScanInput, ScanCounter, utcDay, visitorKey, visitorHash } from '../../server/scans/scan-counter.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner } from './owner-helpers.ts'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const DAY_MS = 24 * 60 * 60 * 1000

const scan = (profileId: string, clientAddress: string, extra: Partial<ScanInput> = {}): ScanInput => ({
  profileId,
  clientAddress,
  userAgent: PHONE,
  header: () => undefined,
  method: 'GET',
  ...extra,
})

/** The database with a switch that makes every query fail, and a log of the statements the counter runs. */
function faulty(database: Database) {
  const state = { down: false, statements: [] as string[] }
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver)
      if (typeof value !== 'function' || !['execute', 'insert', 'select'].includes(String(prop))) return value
      return (...args: unknown[]) => {
        // Thrown where the call is made, as a builder (insert, select) cannot start without a connection either.
        if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
        state.statements.push(prop === 'execute' ? JSON.stringify((args[0] as { queryChunks: unknown }).queryChunks) : String(prop))
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { database: { ...database, db } as Database, state }
}

const SECRET = 'scan-counter-test-secret-scan-counter-test-secret'
const MINUTE = 60_000
/** A counter of its own namespace, so the shared per-address limit of other tests (and earlier runs) is not its. */
const counterOn = (database: Database, options: Partial<ScanCounterOptions> = {}) =>
  new ScanCounter(database, { secret: SECRET, namespace: randomUUID(), flushMs: 3_600_000, ...options })

/** A day far from today, so the cleanup of finished days by tests on today's date never touches it. */
const farDay = () => Date.UTC(2090 + Math.floor(Math.random() * 50), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 27), 10)

describeEachDatabase('the scan counter', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  const countsOf = async (profileId: string) =>
    (await t.db.select({ day: scanDays.day, scans: scanDays.scans, visitors: scanDays.visitors }).from(scanDays).where(eq(scanDays.profileId, profileId))).sort((a, b) =>
      a.day < b.day ? -1 : 1,
    )

  const tableNames = async () =>
    ((await t.db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema()`)) as unknown as { rows?: { table_name: string }[] } & { table_name: string }[])
  const hashOf = (day: string, profileId: string, address: string) => visitorHash(scanSaltOf(SECRET, day), visitorKey(scan(profileId, address)))

  it('counts a visitor once a day on every server, and cannot recognise them the next day: hashes gone, salt in no table', async () => {
    const owner = await signUpOwner(t, 'salt')
    let nowMs = farDay()
    const day1 = utcDay(nowMs)
    const namespace = randomUUID()
    const a = counterOn(t.deps.database, { now: () => new Date(nowMs), namespace })
    const b = counterOn(t.deps.database, { now: () => new Date(nowMs), namespace })

    a.count(scan(owner.profileId, '192.0.2.1'))
    a.count(scan(owner.profileId, '192.0.2.1'))
    a.count(scan(owner.profileId, '192.0.2.2'))
    await a.flush()
    // The same visitor twice within 30 minutes is one scan (decision 128).
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 2, visitors: 2 }])
    const hash1 = hashOf(day1, owner.profileId, '192.0.2.1')
    expect(await t.db.select().from(scanVisitors).where(and(eq(scanVisitors.day, day1), eq(scanVisitors.hash, hash1)))).toHaveLength(1)
    // The salt is derived from the secret and kept in memory: no table holds it beside the hashes (decision 127).
    expect(JSON.stringify(await tableNames())).not.toContain('scan_salts')

    // The same visitor reaching another server 10 minutes later: nothing; 31 minutes after the first: one more scan.
    nowMs += 10 * MINUTE
    b.count(scan(owner.profileId, '192.0.2.1'))
    await b.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 2, visitors: 2 }])
    nowMs += 21 * MINUTE
    b.count(scan(owner.profileId, '192.0.2.1'))
    await b.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 3, visitors: 2 }])

    nowMs += DAY_MS
    const day2 = utcDay(nowMs)
    a.count(scan(owner.profileId, '192.0.2.1'))
    await a.flush()
    expect(await countsOf(owner.profileId)).toEqual([
      { day: day1, scans: 3, visitors: 2 },
      { day: day2, scans: 1, visitors: 1 },
    ])
    // Yesterday's hashes are deleted: nothing left can link today's visitor to yesterday's.
    expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day1))).toEqual([])
    const hash2 = hashOf(day2, owner.profileId, '192.0.2.1')
    expect(hash2.equals(hash1)).toBe(false)
    expect(await t.db.select().from(scanVisitors).where(and(eq(scanVisitors.day, day2), eq(scanVisitors.hash, hash2)))).toHaveLength(1)

    // A day without scans still ends: the first flush after it deletes its hashes.
    nowMs += DAY_MS
    await a.flush()
    expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day2))).toEqual([])
    await Promise.all([a.close(), b.close()])
  })

  it('a flush just past midnight keeps the finished day its own distinct visitors; a late report adds a scan only', async () => {
    const owner = await signUpOwner(t, 'midnight')
    let nowMs = farDay()
    const day1 = utcDay(nowMs)
    const counter = counterOn(t.deps.database, { now: () => new Date(nowMs) })
    counter.count(scan(owner.profileId, '192.0.2.7'))
    counter.count(scan(owner.profileId, '192.0.2.7'))
    // The same address with another browser is another visitor; the same pair again is not.
    counter.count(scan(owner.profileId, '192.0.2.7', { userAgent: `${PHONE} Other` }))
    counter.count(scan(owner.profileId, '192.0.2.8'))
    nowMs += DAY_MS
    // A report queued offline yesterday, sent today: a scan of its own day, no visitor (that day's salt is gone).
    counter.count(scan(owner.profileId, '192.0.2.9', { nowMs: nowMs - DAY_MS }))
    await counter.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 4, visitors: 3 }])
    // Nothing of the finished day is kept.
    expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day1))).toEqual([])
    await counter.close()
  })

  it('a visitor stored earlier that day and seen again just before midnight counts once when the flush comes after it', async () => {
    const owner = await signUpOwner(t, 'repeat')
    let nowMs = farDay()
    const day1 = utcDay(nowMs)
    const counter = counterOn(t.deps.database, { now: () => new Date(nowMs) })
    counter.count(scan(owner.profileId, '192.0.2.20'))
    await counter.flush()
    // 23:59:58: the same visitor again, and a new one; the next flush runs at 00:00:02.
    nowMs = Date.UTC(Number(day1.slice(0, 4)), Number(day1.slice(5, 7)) - 1, Number(day1.slice(8, 10)), 23, 59, 58)
    counter.count(scan(owner.profileId, '192.0.2.20'))
    counter.count(scan(owner.profileId, '192.0.2.21'))
    nowMs += 4_000
    await counter.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 3, visitors: 2 }])
    // The finished day's hashes are gone all the same.
    expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day1))).toEqual([])
    await counter.close()
  })

  it("deletes a finished day's hashes when no scan comes: a server started after the day ended cleans up on its own", async () => {
    const owner = await signUpOwner(t, 'idle')
    const day1Ms = farDay()
    const day1 = utcDay(day1Ms)
    const before = counterOn(t.deps.database, { now: () => new Date(day1Ms) })
    before.count(scan(owner.profileId, '192.0.2.30'))
    await before.flush()
    await before.close()
    expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day1))).toHaveLength(1)
    // Restarted the next day, and nobody scans: nothing but its own timer can end the finished day.
    const after = counterOn(t.deps.database, { now: () => new Date(day1Ms + DAY_MS), flushMs: 50 })
    await vi.waitFor(async () => expect(await t.db.select().from(scanVisitors).where(eq(scanVisitors.day, day1))).toEqual([]), { timeout: 5_000, interval: 50 })
    expect(await countsOf(owner.profileId)).toEqual([{ day: day1, scans: 1, visitors: 1 }])
    await after.close()
  })

  it('counts what one address sends up to its limit on all servers together, whatever the agents; another address has its own', async () => {
    const owner = await signUpOwner(t, 'perAddress')
    const namespace = randomUUID()
    const perAddress = { max: 5, windowMs: 10 * MINUTE }
    const [a, b] = [counterOn(t.deps.database, { namespace, perAddress }), counterOn(t.deps.database, { namespace, perAddress })]
    // Each a new browser, so each a new visitor: only the address can bound them.
    for (let i = 0; i < 4; i += 1) a.count(scan(owner.profileId, '198.51.100.77', { userAgent: `${PHONE} #a${i}` }))
    await a.flush()
    for (let i = 0; i < 4; i += 1) b.count(scan(owner.profileId, '198.51.100.77', { userAgent: `${PHONE} #b${i}` }))
    // An IPv6 subscriber rotating through its /64 is one address.
    for (let i = 0; i < 7; i += 1) b.count(scan(owner.profileId, `2001:db8:1:2::${i + 1}`, { userAgent: `${PHONE} #c${i}` }))
    await b.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: utcDay(Date.now()), scans: 10, visitors: 10 }])
    await Promise.all([a.close(), b.close()])
  })

  it('deletes limit rows expired for an hour at its first flush of a day (the embedded database has no other sweep)', async () => {
    const [stale, live] = [`stale-${randomUUID()}`, `live-${randomUUID()}`]
    await t.db.execute(sql`insert into rate_limits (key, points, expire) values (${stale}, 1, ${Date.now() - 2 * 60 * MINUTE}), (${live}, 1, ${Date.now() + 10 * MINUTE})`)
    const counter = counterOn(t.deps.database)
    await counter.flush()
    const left = (await t.db.execute(sql`select key from rate_limits where key in (${stale}, ${live})`)) as unknown as { rows: { key: string }[] } | { key: string }[]
    expect((Array.isArray(left) ? left : left.rows).map((row) => row.key)).toEqual([live])
    await counter.close()
  })

  it('counts a report resent with its key once, on every server, and a report without a key as before', async () => {
    const owner = await signUpOwner(t, 'reportKey')
    const namespace = randomUUID()
    const [a, b] = [counterOn(t.deps.database, { namespace }), counterOn(t.deps.database, { namespace })]
    const key = randomUUID()
    const at = Date.now() - 2 * DAY_MS
    a.count(scan(owner.profileId, '198.51.100.90', { nowMs: at }), undefined, key)
    a.count(scan(owner.profileId, '198.51.100.90', { nowMs: at }), undefined, key)
    await a.flush()
    // The answer was lost, and the phone, now on another network, sends it again to another server.
    b.count(scan(owner.profileId, '203.0.113.90', { nowMs: at }), undefined, key)
    await b.flush()
    expect(await countsOf(owner.profileId)).toEqual([{ day: utcDay(at), scans: 1, visitors: 0 }])
    await Promise.all([a.close(), b.close()])
  })

  it('writes many scans in one statement, and two servers on one database add up', async () => {
    const [one, two] = [await signUpOwner(t, 'batch'), await signUpOwner(t, 'batch')]
    const spied = faulty(t.deps.database)
    const a = counterOn(spied.database, { flushMs: 3_600_000 })
    const b = counterOn(t.deps.database, { flushMs: 3_600_000 })
    // A first flush, so the one below is compared with what was already there.
    a.count(scan(one.profileId, '198.51.100.200'))
    await a.flush()
    const before = await countsOf(one.profileId)
    spied.state.statements.length = 0
    // Each scan another browser (a visitor's repeat within 30 minutes would not count).
    for (let i = 0; i < 500; i += 1) a.count(scan(i % 2 ? one.profileId : two.profileId, `198.51.100.${i % 25}`, { userAgent: `${PHONE} #${i}` }))
    for (let i = 0; i < 300; i += 1) b.count(scan(one.profileId, `198.51.100.${100 + (i % 10)}`, { userAgent: `${PHONE} #${i}` }))
    await Promise.all([a.flush(), b.flush()])
    expect(spied.state.statements).toHaveLength(1)
    expect(spied.state.statements[0]).toContain('insert into scan_days')
    const today = utcDay(Date.now())
    expect(await countsOf(one.profileId)).toEqual([{ day: today, scans: (before[0]?.scans ?? 0) + 250 + 300, visitors: 1 + 250 + 300 }])
    expect(await countsOf(two.profileId)).toEqual([{ day: today, scans: 250, visitors: 250 }])
    await Promise.all([a.close(), b.close()])
  })

  it('keeps the counts while the database is down and writes them once it answers', async () => {
    const owner = await signUpOwner(t, 'outage')
    const { database, state } = faulty(t.deps.database)
    const warnings: string[] = []
    const logger = { warn: (_: object, message: string) => void warnings.push(message), info: () => undefined, error: () => undefined }
    const counter = counterOn(database, { flushMs: 3_600_000, logger: logger as unknown as ScanCounterOptions['logger'] })
    state.down = true
    counter.count(scan(owner.profileId, '203.0.113.1'))
    counter.count(scan(owner.profileId, '203.0.113.2'))
    await expect(counter.flush()).rejects.toThrow(/ECONNREFUSED/)
    counter.count(scan(owner.profileId, '203.0.113.1'))
    await expect(counter.flush()).rejects.toThrow(/ECONNREFUSED/)
    expect(counter.pendingScans()).toBe(3)
    expect(warnings).toEqual(['scan counts kept in memory: the database refused them'])
    expect(await countsOf(owner.profileId)).toEqual([])
    state.down = false
    await counter.flush()
    expect(counter.pendingScans()).toBe(0)
    // 203.0.113.1's second scan came within 30 minutes of its first.
    expect(await countsOf(owner.profileId)).toEqual([{ day: utcDay(Date.now()), scans: 2, visitors: 2 }])
    await counter.close()
  })

  it('skips a profile deleted before the flush without losing the others', async () => {
    const [kept, gone] = [await signUpOwner(t, 'kept'), await signUpOwner(t, 'gone')]
    const counter = counterOn(t.deps.database, { flushMs: 3_600_000 })
    counter.count(scan(kept.profileId, '203.0.113.50'))
    counter.count(scan(gone.profileId, '203.0.113.50'))
    expect((await t.request('DELETE', '/api/users/me', { token: gone.token, body: { currentPassword: gone.password } })).status).toBe(204)
    await counter.flush()
    expect(await countsOf(kept.profileId)).toEqual([{ day: utcDay(Date.now()), scans: 1, visitors: 1 }])
    expect(await countsOf(gone.profileId)).toEqual([])
    await counter.close()
  })
})

it('writes the counts at shutdown: startServer().close() flushes before the database closes', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrtee-scan-shutdown-'))
  const dist = path.join(dataDir, 'dist')
  mkdirSync(dist)
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>')
  writeFileSync(path.join(dist, 'profile.html'), '<!doctype html><html><head><title>QR Tee</title></head><body><div id="root"></div></body></html>')
  // A minute between timed flushes: the only write is the one at shutdown.
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-42', SCAN_FLUSH_MS: '60000' })
  const server = await startServer(config, { distDir: dist })
  const base = `http://127.0.0.1:${server.port}`
  const credentials = { username: 'shutdown_owner', email: 'shutdown@example.test', password: 'correct horse 42' }
  const { token } = (await (await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials) })).json()) as { token: string }
  const profile = (await (await fetch(`${base}/api/profiles`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string; shareableId: string }
  for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/profile/${profile.shareableId}`, { headers: { 'User-Agent': PHONE } })).status).toBe(200)
  expect(server.scans.pendingScans()).toBe(3)
  await server.close()

  const reopened = await openDatabase(path.join(dataDir, 'pglite'))
  try {
    const rows = await reopened.db.select({ scans: scanDays.scans, visitors: scanDays.visitors }).from(scanDays).where(eq(scanDays.profileId, profile.id))
    // Three loads by one browser within 30 minutes: one scan (decision 128).
    expect(rows).toEqual([{ scans: 1, visitors: 1 }])
  } finally {
    await reopened.close()
  }
})
