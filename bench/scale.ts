// Benchmark: does a request cost more with more owners? Seeds 1,000 then 100,000 owners by SQL (and 1,000,000 with
// --million) on PostgreSQL, restarts the real server (default configuration, request logs to a pipe drained into a
// file) on an empty cache at each size, and measures first scans of distinct profiles, sign-in, a sync pull and a
// visitor's purchase. Goal (issue 26): at 100,000 owners p99 within 1.5x of 1,000's and throughput at least 0.67x.
// Run: DATABASE_URL=postgres://... npm run bench:scale [-- --million --connections 20 --scans 3000 --database NAME]
// (--database: the database it empties and seeds on that server, qrtee_bench_scale unless told; on a shared server
// give each person their own.)
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { numericArg } from './lib-in-process-app.ts'
import { ensureDatabase, SEED_PASSWORD, seedEmail, seedItemIds, seedOwners, seedShareableId } from './lib-owners-sql.ts'

type Result = { requests: number; perSecond: number; p50: number; p99: number; failed: number }
type Request = { method: string; path: string; body?: unknown; headers?: Record<string, string> }

const baseDatabaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!baseDatabaseUrl) throw new Error('bench:scale needs PostgreSQL: set DATABASE_URL (or TEST_DATABASE_URL)')
const connections = numericArg('--connections', 20)
const scans = numericArg('--scans', 3000)
const sizes = [1_000, 100_000, ...(process.argv.includes('--million') ? [1_000_000] : [])]
const ITEMS = 10
const databaseArg = process.argv.indexOf('--database')
const databaseName = databaseArg >= 0 ? (process.argv[databaseArg + 1] ?? '') : 'qrtee_bench_scale'
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`--database: ${databaseName} is not a plain database name`)

/** The real server as `npm start` runs it, on its own port; its standard output goes to a log file once it serves. */
async function startServer(databaseUrl: string, logFile: string) {
  // server/start.ts without its build step: this bench asks only the API.
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./server/main.ts').then((m) => m.runFromCommandLine())"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', RATE_LIMIT_SCALE: '100000', JWT_SECRET: 'scale-bench-secret-scale-bench-secret' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const found = /"url":"([^"]+)"[^\n]*"msg":"QR Tee is serving"/.exec(out)
      if (!found?.[1]) return
      child.stdout.off('data', onData)
      child.stdout.pipe(createWriteStream(logFile, { flags: 'a' }))
      resolve(found[1])
    }
    child.stdout.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  const stop = () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')))
  return { url, stop }
}

/** Sends every request once, `concurrency` at a time; latency from send to the body read. */
async function run(url: string, requests: Request[], concurrency: number): Promise<Result> {
  const latencies: number[] = []
  let failed = 0
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]
      if (!request) break
      const sentAt = performance.now()
      const headers: Record<string, string> = { ...request.headers }
      if (request.body !== undefined) headers['Content-Type'] = 'application/json'
      const res = await fetch(url + request.path, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) })
      await res.arrayBuffer()
      latencies.push(performance.now() - sentAt)
      if (res.status >= 400) failed++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requests: requests.length, perSecond: requests.length / seconds, p50: at(0.5), p99: at(0.99), failed }
}

/** `count` distinct owner numbers from 1..size, none used before (purchases and first scans must be first ones). */
function freshOwners(size: number, count: number, used: Set<number>): number[] {
  const picked: number[] = []
  while (picked.length < count && used.size < size) {
    const n = 1 + Math.floor(Math.random() * size)
    if (used.has(n)) continue
    used.add(n)
    picked.push(n)
  }
  return picked
}

async function main() {
  const databaseUrl = await ensureDatabase(baseDatabaseUrl ?? '', databaseName)
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  // Starting empty: the sizes are grown in order, and a run's purchases must not be seen by the next run.
  await admin.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public')
  const logFile = path.join(tmpdir(), `qr-tee-bench-scale-${process.pid}.log`)
  const used = new Set<number>()
  // The same work at every size, so a size's figures differ only by the owners behind them: what the smallest holds.
  const smallest = Math.min(...sizes)
  const counts = { scans: Math.min(scans, Math.floor(smallest / 2)), signIns: 200, purchases: Math.min(500, smallest - Math.min(scans, Math.floor(smallest / 2)) - 200) }
  const table: { size: number; results: Record<string, Result> }[] = []
  let migrated = false
  for (const size of sizes) {
    if (!migrated) {
      // The server's migrations create the tables; it is restarted below on an empty cache anyway.
      await (await startServer(databaseUrl, logFile)).stop()
      migrated = true
    }
    const seedStart = performance.now()
    await seedOwners(admin, size, ITEMS)
    console.log(`${size.toLocaleString('en')} owners seeded (${((performance.now() - seedStart) / 1000).toFixed(1)} s); measuring`)
    const server = await startServer(databaseUrl, logFile)
    const scanOwners = freshOwners(size, counts.scans, used)
    const signInOwners = freshOwners(size, counts.signIns, used)
    const buyers = freshOwners(size, counts.purchases, used)
    const results: Record<string, Result> = {}
    results['first scans of distinct profiles'] = await run(server.url, scanOwners.map((n) => ({ method: 'GET', path: `/api/profiles/${seedShareableId(n)}` })), connections)
    // Sign-in is argon2 by design; fewer at a time than the cores' worth would only queue.
    const logins = signInOwners.map((n) => ({ method: 'POST', path: '/api/auth/login', body: { email: seedEmail(n), password: SEED_PASSWORD } }))
    results['sign-in'] = await run(server.url, logins, 4)
    const tokens: string[] = []
    for (const login of logins.slice(0, 50)) {
      const res = await fetch(server.url + login.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(login.body) })
      tokens.push(((await res.json()) as { token: string }).token)
    }
    const pulls = Array.from({ length: 1000 }, (_, i) => ({ method: 'GET', path: '/api/sync/changes?cursor=0', headers: { Authorization: `Bearer ${tokens[i % tokens.length] ?? ''}` } }))
    results['sync pull (full, 10 items)'] = await run(server.url, pulls, connections)
    const purchases: Request[] = []
    for (const n of buyers) {
      const [itemId] = await seedItemIds(admin, n)
      purchases.push({ method: 'POST', path: `/api/public/profiles/${seedShareableId(n)}/purchases`, body: { wishlistItemId: itemId }, headers: { 'Idempotency-Key': `scale-${size}-${n}` } })
    }
    results['visitor purchase'] = await run(server.url, purchases, connections)
    await server.stop()
    table.push({ size, results })
    for (const [name, r] of Object.entries(results)) {
      console.log(`  ${name.padEnd(34)} ${String(r.requests).padStart(5)} req ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms${r.failed ? `  ${r.failed} FAILED` : ''}`)
    }
  }
  await admin.end()
  const [first, ...larger] = table
  console.log(`\nGoal: p99 within 1.5x and throughput at least 0.67x of the ${first?.size.toLocaleString('en')}-owner figures. Logs: ${logFile}`)
  for (const { size, results } of larger) {
    for (const [name, r] of Object.entries(results)) {
      const base = first?.results[name]
      if (!base) continue
      const p99 = r.p99 / base.p99
      const rate = r.perSecond / base.perSecond
      console.log(`  ${size.toLocaleString('en')} owners, ${name.padEnd(34)} p99 ${p99.toFixed(2)}x, req/s ${rate.toFixed(2)}x: ${p99 <= 1.5 && rate >= 0.67 ? 'goal met' : 'GOAL MISSED'}`)
    }
  }
}

await main()
