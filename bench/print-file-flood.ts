// Benchmark of a print-file flood (issue 27): 100 requests for 100 different ids at once, while /api/health and a
// scan (/profile/{id}) are probed one request after another. The anchor is the same probes without the flood, in the
// same run. Two servers: the real limits (RATE_LIMIT_SCALE=1: most of the flood is refused 429), and limits scaled
// by 1000, so every one of the 100 files is looked up and served from storage. Run: npm run bench:print-files
// [-- --rounds 3 --probes 200]
import http from 'node:http'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { numericArg } from './lib-in-process-app.ts'
import { announce, type Ready, startChild, stopChild } from './lib-bench-children.ts'

const self = fileURLToPath(import.meta.url)
const FILES = 100

type FloodReady = Ready & { shareableIds: string[] }

/** Child mode: the server as `npm start` runs it, 100 owners each with a stored print file (as after an order). */
async function serve(scale: string) {
  const { loadConfig } = await import('../server/config.ts')
  const { startServer } = await import('../server/main.ts')
  const { renderPrintFile } = await import('../server/orders/print-file.ts')
  const { profiles } = await import('../server/db/schema.ts')
  const config = loadConfig({
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qr-tee-print-bench-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: scale,
  })
  const server = await startServer(config, { databaseLocation: 'memory://' })
  const { db } = server.database
  await db.execute(sql`
    with u as (
      insert into users (username, email) select 'print' || g, 'print' || g || '@example.com' from generate_series(1, ${FILES}) g
      returning id, username
    ), p as (
      insert into profiles (user_id, shareable_id, description) select id, substr(md5(username), 1, 12), 'A shirt owner' from u
      returning user_id, shareable_id
    )
    insert into public_addresses (address, user_id, kind) select shareable_id, user_id, 'shareable_id' from p`)
  const list = (await db.select({ shareable_id: profiles.shareableId, user_id: profiles.userId }).from(profiles)).slice(0, FILES)
  for (const row of list) {
    const url = `${config.publicUrl}/profile/${row.shareable_id}`
    const file = await renderPrintFile(url)
    await db.execute(sql`insert into print_files (user_id, url, png) values (${row.user_id}, ${url}, ${file.png})`)
  }
  announce({ port: server.port, shareableIds: list.map((row) => row.shareable_id) } satisfies FloodReady)
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
}

const agentOf = () => new http.Agent({ keepAlive: true, maxSockets: 1 })

function get(port: number, urlPath: string, agent: http.Agent): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { 'User-Agent': 'Mozilla/5.0 (iPhone) bench' } }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      })
      .on('error', reject)
  })
}

/** One request after another until `until` settles and at least `min` were answered. */
async function probe(port: number, urlPath: string, min: number, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const agent = agentOf()
  const times: number[] = []
  while (!done || times.length < min) times.push((await get(port, urlPath, agent)).ms)
  agent.destroy()
  return times
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const fmt = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (n=${values.length})`

async function flood(port: number, ids: string[]): Promise<{ statuses: Record<number, number>; ms: number }> {
  const started = performance.now()
  const agent = new http.Agent({ keepAlive: true, maxSockets: FILES })
  const answers = await Promise.all(ids.map((id) => get(port, `/api/public/print-files/${id}.png`, agent)))
  agent.destroy()
  const statuses: Record<number, number> = {}
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1
  return { statuses, ms: performance.now() - started }
}

async function main() {
  const rounds = numericArg('--rounds', 3)
  const probes = numericArg('--probes', 200)
  for (const [label, scale] of [
    ['real limits (RATE_LIMIT_SCALE=1)', '1'],
    ['limits x1000: all 100 served from storage', '1000'],
  ] as const) {
    const { child, ready } = await startChild<FloodReady>(self, ['--serve', scale])
    const scan = `/profile/${ready.shareableIds[0]}`
    // Warm-up: the scan's page is rendered and cached, connections are open.
    await probe(ready.port, scan, 20, Promise.resolve())
    await probe(ready.port, '/api/health', 20, Promise.resolve())
    const quiet = { health: [] as number[], scan: [] as number[] }
    const loaded = { health: [] as number[], scan: [] as number[] }
    let lastFlood = { statuses: {} as Record<number, number>, ms: 0 }
    for (let round = 0; round < rounds; round++) {
      const [h, s] = await Promise.all([probe(ready.port, '/api/health', probes, Promise.resolve()), probe(ready.port, scan, probes, Promise.resolve())])
      quiet.health.push(...h)
      quiet.scan.push(...s)
      // The flood's 100 ids differ in every round, as an attacker's would (a fresh page of ids each time).
      const ids = [...ready.shareableIds.slice(round % 2), ...ready.shareableIds.slice(0, round % 2)]
      const running = flood(ready.port, ids)
      const [h2, s2] = await Promise.all([probe(ready.port, '/api/health', probes, running), probe(ready.port, scan, probes, running)])
      loaded.health.push(...h2)
      loaded.scan.push(...s2)
      lastFlood = await running
    }
    await stopChild(child)
    console.log(`\n${label}`)
    console.log(`  flood of ${FILES} ids (last round): ${Math.round(lastFlood.ms)} ms, answers ${JSON.stringify(lastFlood.statuses)}`)
    console.log(`  /api/health  quiet: ${fmt(quiet.health)}   during the flood: ${fmt(loaded.health)}`)
    console.log(`  scan ${scan}  quiet: ${fmt(quiet.scan)}   during the flood: ${fmt(loaded.scan)}`)
  }
}

const serveAt = process.argv.indexOf('--serve')
if (serveAt >= 0) void serve(process.argv[serveAt + 1] ?? '1')
else await main()
