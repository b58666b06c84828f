// No scan, sign-in, sync or purchase reads every owner (issue 26): each statement those paths send, captured while the
// real requests run against 100,000 owners seeded by SQL, is EXPLAINed; no plan may scan a table that grows with owners.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDatabase, SEED_PASSWORD, seedEmail, seedItemIds, seedOwners, seedShareableId, seedUsername } from '../../bench/lib-owners-sql.ts'
import { type Database, openDatabase } from '../../server/db/client.ts'
import { TestApp } from './harness.ts'

const OWNERS = 100_000
/** Tables whose rows do not grow with owners: a sequential scan of them costs the same at any size. */
const FIXED_SIZE_TABLES = new Set(['sync_epoch', 'scan_salts', '__drizzle_migrations'])
/**
 * The seeded tables hold 100,000 owners' rows: the planner's own choice must avoid scanning them. The others that grow
 * with owners (tokens, tombstones, purchases, orders, scan counts...) hold only this test's few rows, where a
 * sequential scan is the planner's right choice; for them the plan is asked again with sequential scans priced out,
 * and a Seq Scan that remains means no index can serve the statement.
 */
const SEEDED_TABLES = new Set(['users', 'profiles', 'public_addresses', 'wishlist_items'])

type Statement = { text: string; values: unknown[] }
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

/** Every `Seq Scan` of a table that grows with owners, anywhere in the plan (subplans and CTEs included). */
export function sequentialScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] && !FIXED_SIZE_TABLES.has(node['Relation Name']) ? [node['Relation Name']] : []
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)]
}

const url = process.env.TEST_DATABASE_URL
describe.skipIf(!url)('query plans at 100,000 owners [postgres]', () => {
  let admin: pg.Client
  let database: Database
  let t: TestApp
  const captured: Statement[] = []
  let capturing = false
  const originalQuery = pg.Client.prototype.query

  beforeAll(async () => {
    // A database of its own, seeded once and kept: later runs only check that the owners are there.
    const planUrl = await ensureDatabase(url ?? '', `${new URL(url ?? '').pathname.slice(1)}_plans`)
    database = await openDatabase(planUrl)
    admin = new pg.Client({ connectionString: planUrl })
    await admin.connect()
    await seedOwners(admin, OWNERS, 3)
    t = new TestApp(database)
    // Each statement the app sends through node-postgres, with its parameters.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args
      // drizzle passes ({ text, rowMode, types }, values); others (text, values) or ({ text, values }).
      const config = typeof first === 'string' ? { text: first } : (first as Partial<Statement> | undefined)
      const values = config?.values ?? (Array.isArray(second) ? (second as unknown[]) : [])
      if (capturing && this !== admin && typeof config?.text === 'string') captured.push({ text: config.text, values })
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args)
    } as typeof pg.Client.prototype.query
  }, 600_000)

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery
    await admin?.end()
    await database?.close()
  })

  /** Runs the requests, then answers the plans of the data statements they sent. */
  async function plansOf(run: () => Promise<void>): Promise<{ text: string; scans: string[] }[]> {
    captured.length = 0
    capturing = true
    try {
      await run()
    } finally {
      capturing = false
    }
    const statements = captured.filter((s) => /^\s*(with|select|insert|update|delete)\b/i.test(s.text))
    expect(statements.length).toBeGreaterThan(0)
    const plans = []
    for (const statement of statements) {
      const natural = sequentialScans(await planOf(statement))
      const seeded = natural.filter((table) => SEEDED_TABLES.has(table))
      const unserved = natural.length > seeded.length ? sequentialScans(await planOf(statement, { seqScanOff: true })).filter((table) => !SEEDED_TABLES.has(table)) : []
      plans.push({ text: statement.text, scans: [...seeded, ...unserved] })
    }
    return plans
  }

  async function planOf(statement: Statement, options: { seqScanOff?: boolean } = {}): Promise<PlanNode> {
    if (options.seqScanOff) await admin.query('set enable_seqscan = off')
    try {
      const { rows } = await admin.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${statement.text}`, statement.values)
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan
      if (!plan) throw new Error(`no plan for ${statement.text}`)
      return plan
    } finally {
      if (options.seqScanOff) await admin.query('reset enable_seqscan')
    }
  }

  const withoutScans = (plans: { text: string; scans: string[] }[]) => plans.filter((plan) => plan.scans.length > 0)

  it('a first scan (by shareableId and by username) and its count use indexes only', async () => {
    const n = 54_321
    const plans = await plansOf(async () => {
      expect((await t.request('GET', `/api/profiles/${seedShareableId(n)}`)).status).toBe(200)
      expect((await t.request('GET', `/api/profiles/${seedUsername(n + 2)}`)).status).toBe(200)
      expect((await t.request('GET', `/api/profiles/nobody-has-this-address`)).status).toBe(404)
      expect((await t.request('POST', `/api/public/profiles/${seedShareableId(n + 3)}/scans`, { body: {} })).status).toBeLessThan(500)
      await t.deps.scans.flush()
    })
    expect(withoutScans(plans)).toEqual([])
  })

  it('sign-in, refresh and sign-up use indexes only', async () => {
    const plans = await plansOf(async () => {
      const login = await t.request('POST', '/api/auth/login', { body: { email: seedEmail(777), password: SEED_PASSWORD } })
      expect(login.status).toBe(200)
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: login.json.refreshToken } })).status).toBe(200)
      await t.signUp('plans')
    })
    expect(withoutScans(plans)).toEqual([])
  })

  it('a sync pull (full and incremental) and a push use indexes only', async () => {
    const login = await t.request('POST', '/api/auth/login', { body: { email: seedEmail(888), password: SEED_PASSWORD } })
    const token = login.json.token as string
    const [itemId] = await seedItemIds(admin, 888)
    const plans = await plansOf(async () => {
      const full = await t.request('GET', '/api/sync/changes?cursor=0', { token })
      expect(full.status).toBe(200)
      const operations = [{ method: 'PUT', path: `/api/wishlist-items/${itemId}`, body: { price: 12.5 }, idempotencyKey: `plans-${Date.now()}` }]
      expect((await t.request('POST', '/api/sync/push', { token, body: { deviceId: 'plans-device-1', operations } })).status).toBe(200)
      expect((await t.request('GET', `/api/sync/changes?cursor=${full.json.cursor as number}`, { token })).status).toBe(200)
    })
    expect(withoutScans(plans)).toEqual([])
  })

  it("a visitor's purchase uses indexes only", async () => {
    const n = 4_242 + Math.floor(Math.random() * 50_000)
    const [itemId] = await seedItemIds(admin, n)
    const plans = await plansOf(async () => {
      const res = await t.request('POST', `/api/public/profiles/${seedShareableId(n)}/purchases`, { body: { wishlistItemId: itemId }, headers: { 'Idempotency-Key': `plans-${n}-${Date.now()}` } })
      expect([200, 201, 409]).toContain(res.status)
    })
    expect(withoutScans(plans)).toEqual([])
  })
})
