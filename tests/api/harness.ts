// API test harness: the real app in-process (app.request) on a shared per-worker database, once per configured database.
import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { createApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { type Database, openDatabase } from '../../server/db/client.ts'
import type { AppDeps } from '../../server/deps.ts'
import { createScanCounter } from '../../server/scans/scan-counter.ts'

export type TestDatabase = { name: 'pglite' | 'postgres'; url: string }

export const testDatabases: TestDatabase[] = [
  { name: 'pglite', url: 'memory://' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
]

const opened = new Map<string, Promise<Database>>()
/** One database per worker and URL, shared by every test file the worker runs; tests isolate by their own data. */
export function sharedDatabase(url: string): Promise<Database> {
  let database = opened.get(url)
  if (!database) {
    database = openDatabase(url)
    opened.set(url, database)
  }
  return database
}

/** A clock the test moves: the app reads `now()` for token expiry, grace windows and timestamps. */
export class TestClock {
  private offsetMs = 0
  now = () => new Date(Date.now() + this.offsetMs)
  advance(ms: number) {
    this.offsetMs += ms
  }
}

export type RequestOptions = { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit }

/** Longer than any test file runs: a TestApp's counter writes only when its test flushes it. */
const TEST_SCAN_FLUSH_MS = 6 * 60 * 60 * 1000

export class TestApp {
  readonly clock = new TestClock()
  readonly app: ReturnType<typeof createApp>
  readonly deps: AppDeps

  constructor(database: Database, overrides: Partial<AppDeps> = {}) {
    const config = { ...loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-42', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'silent' }), ...overrides.config }
    // Every TestApp speaks from one address ('local'), so suites that sign up many users get roomy limits;
    // rate-limit tests pass their own lower ones.
    const roomy = { max: 100_000, windowMs: 60_000 }
    const rateLimits = { register: roomy, loginPerAddress: roomy, refresh: roomy, ...overrides.rateLimits }
    // Its own rate-limit namespace: TestApps sharing a database (and its PostgreSQL counters) never count together.
    // Its own scan counter on the test clock: scans reach the database when a test calls `deps.scans.flush()`. Its
    // timer is set past any test's length: a TestApp whose clock a test moved weeks ahead would otherwise, 5 s later,
    // delete today's salts and hashes as finished days under other files' tests sharing the database.
    const rateLimitNamespace = overrides.rateLimitNamespace ?? randomUUID()
    const scans =
      overrides.scans ?? createScanCounter({ database, config: { ...config, scanFlushMs: TEST_SCAN_FLUSH_MS }, now: this.clock.now, rateLimits, rateLimitNamespace })
    // Every app works off only its own owners' notifications and mail (their email ends with its mailScope): an app of
    // another file on the same PostgreSQL would otherwise fan out and push this file's events with its own settings.
    const mailScope = overrides.mailScope ?? '@example.test'
    this.deps = { database, config, now: this.clock.now, ...overrides, rateLimitNamespace, rateLimits, scans, mailScope }
    this.app = createApp(this.deps)
  }

  get db() {
    return this.deps.database.db
  }

  async request(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined = options.rawBody
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json'
      body = JSON.stringify(options.body)
    }
    const res = await this.app.request(path, { method, headers, body })
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields freely and assert on them
    return { status: res.status, headers: res.headers, json: json as any, text }
  }

  /** Registers a fresh user through the real endpoint and returns its tokens and credentials. */
  async signUp(prefix = 'user') {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
    const credentials = { username: `${prefix}_${suffix}`, email: `${prefix}.${suffix}${this.deps.mailScope ?? '@example.test'}`, password: 'correct horse 42' }
    const res = await this.request('POST', '/api/auth/register', { body: credentials })
    if (res.status !== 201 && res.status !== 200) throw new Error(`signUp failed: ${res.status} ${res.text}`)
    return { ...credentials, token: res.json.token as string, refreshToken: res.json.refreshToken as string }
  }
}

/** Runs the suite once per configured database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachDatabase(title: string, suite: (getDatabase: () => Promise<Database>, db: TestDatabase) => void) {
  for (const database of testDatabases) {
    describe(`${title} [${database.name}]`, () => suite(() => sharedDatabase(database.url), database))
  }
}
