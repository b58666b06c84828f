// Benchmark: GET /api/profiles/{shareableId} of a 12-item profile through the full app, next to a raw node:http
// server answering the same bytes. Each server runs in its own process, one after the other; this process is the
// load generator. Run: npm run bench:api (or npx tsx bench/api-public-profile.ts [--seconds 5] [--connections 32] [--rounds 3]).
import { serve } from '@hono/node-server'
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inProcessApp, numericArg } from './lib-in-process-app.ts'

const self = fileURLToPath(import.meta.url)
const arg = numericArg

type Ready = { port: number; path: string }
const announce = (ready: Ready) => process.stdout.write(`READY ${JSON.stringify(ready)}\n`)

/** Child mode 1: the real app on an in-memory PGlite, with one owner and 12 wishlist items. */
async function serveApp() {
  const { app } = await inProcessApp()
  const call = async (method: string, url: string, body: unknown, token?: string) => {
    const res = await app.request(url, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    })
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const { token } = await call('POST', '/api/auth/register', { username: 'benchowner', email: 'bench@example.com', password: 'bench password 1' })
  const profile = await (await app.request('/api/profiles', { headers: { Authorization: `Bearer ${token}` } })).json()
  await call('PUT', '/api/profiles', { description: 'A profile with twelve wishlist items for the benchmark.', socialLinks: [{ platform: 'github', url: 'github.com/bench' }] }, token)
  for (let i = 1; i <= 12; i++) {
    await call(
      'POST',
      `/api/wishlist-items/profile/${profile.id}`,
      { name: `Wishlist item number ${i}`, brand: 'Brand', price: 10 + i + 0.99, description: `A realistic description of item ${i}, long enough to look like one.`, productUrl: `https://example.com/product/${i}` },
      token,
    )
  }
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce({ port: info.port, path: `/api/profiles/${profile.shareableId}` }))
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

/** Child mode 2: node:http answering the recorded bytes with the app's own headers, nothing else. */
function serveRaw(bodyFile: string) {
  const { body: base64, headers } = JSON.parse(readFileSync(bodyFile, 'utf8')) as { body: string; headers: Record<string, string> }
  const body = Buffer.from(base64, 'base64')
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  })
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    announce({ port: typeof address === 'object' && address ? address.port : 0, path: '/' })
  })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

function start(mode: string[]): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', self, ...mode], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = /READY (.+)\n/.exec(out)
      if (line?.[1]) resolve({ child, ready: JSON.parse(line[1]) })
    })
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

type Answer = { body: Buffer; headers: Record<string, string> }

// Per-connection or per-moment headers the raw server's own http stack writes itself.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

function get(agent: http.Agent, port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`))
        const headers = Object.fromEntries(
          Object.entries(res.headers).flatMap(([k, v]) => (typeof v === 'string' && !TRANSPORT_HEADERS.has(k) ? [[k, v]] : [])),
        )
        resolve({ body: Buffer.concat(chunks), headers })
      })
    })
    req.on('error', reject)
  })
}

type Result = { requestsPerSecond: number; p50Ms: number; p99Ms: number; requests: number }

/** Closed-loop load: `connections` keep-alive clients, each sending its next request when the last one ends. */
async function load(port: number, urlPath: string, seconds: number, connections: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const warmUntil = performance.now() + 1000
  const endAt = warmUntil + seconds * 1000
  const latencies: number[] = []
  const worker = async () => {
    for (;;) {
      const t0 = performance.now()
      if (t0 >= endAt) return
      await get(agent, port, urlPath)
      if (t0 >= warmUntil) latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requestsPerSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), requests: latencies.length }
}

const median = (results: Result[]): Result => {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  return sorted[Math.floor(sorted.length / 2)] ?? { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, requests: 0 }
}

async function main() {
  const seconds = arg('--seconds', 5)
  const connections = arg('--connections', 32)
  const rounds = arg('--rounds', 5)
  const app = await start(['--serve-app'])
  const answer = await get(new http.Agent(), app.ready.port, app.ready.path)
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'qr-tee-bench-')), 'profile.json')
  writeFileSync(bodyFile, JSON.stringify({ body: answer.body.toString('base64'), headers: answer.headers }))
  const raw = await start(['--serve-raw', bodyFile])

  // Alternating rounds, one server loaded at a time, so a noisy neighbour on a shared machine hits both alike.
  const appResults: Result[] = []
  const rawResults: Result[] = []
  for (let round = 0; round < rounds; round++) {
    appResults.push(await load(app.ready.port, app.ready.path, seconds, connections))
    rawResults.push(await load(raw.ready.port, raw.ready.path, seconds, connections))
  }
  await stop(app.child)
  await stop(raw.child)

  const row = (name: string, r: Result) =>
    `${name.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${r.p50Ms.toFixed(2).padStart(6)} ms   p99 ${r.p99Ms.toFixed(2).padStart(6)} ms`
  console.log(`GET /api/profiles/{shareableId}: 12 items, ${answer.body.length} bytes, ${connections} keep-alive connections`)
  console.log(`${rounds} alternating rounds of ${seconds} s each (after 1 s warm-up); median round shown`)
  const appMedian = median(appResults)
  const rawMedian = median(rawResults)
  console.log(row('app (Hono + cache, own process)', appMedian))
  console.log(row('raw node:http (same bytes)', rawMedian))
  console.log(`rounds app: ${appResults.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} / raw: ${rawResults.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')}`)
  console.log(`ratio app / raw: ${(appMedian.requestsPerSecond / rawMedian.requestsPerSecond).toFixed(2)} (goal >= 0.80)`)
  // On a shared machine the fastest round is the least disturbed one; its ratio is the better estimate there.
  const best = (results: Result[]) => Math.max(...results.map((r) => r.requestsPerSecond))
  console.log(`best rounds: app ${best(appResults).toFixed(0)} / raw ${best(rawResults).toFixed(0)} req/s, ratio ${(best(appResults) / best(rawResults)).toFixed(2)}`)
}

if (process.argv.includes('--serve-app')) await serveApp()
else if (process.argv.includes('--serve-raw')) serveRaw(process.argv[process.argv.indexOf('--serve-raw') + 1] ?? '')
else await main()
