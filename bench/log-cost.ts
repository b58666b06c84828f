// Benchmark: the CPU instructions one answer costs, counted by valgrind's callgrind (not timed), so it holds on a busy
// shared machine where req/s follows the neighbours. One app server (bench/scan.ts's, fast path, counting on) runs under
// callgrind with raw node:http serving the same bytes in its own process; for each variant the instructions of N
// requests are counted for raw, the app with request logs on (default) and off. raw / app is the CPU-bound throughput
// ceiling of the app against raw. --base DIR counts the same for another checkout (A/B, e.g. main's tree).
// Needs valgrind (not in CI). Run: npm run bench:log-cost [-- --requests 300 --items 1,200 --base /tmp/main-tree]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { numericArg } from './lib-in-process-app.ts'
import type { AppOptions, AppReady } from './lib-scan-app.ts'
import { fetchAnswer, type Recorded } from './lib-scan-load.ts'

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const requests = numericArg('--requests', 300)
const warmUp = numericArg('--warm-up', 200)
const itemsIndex = process.argv.indexOf('--items')
const items = (itemsIndex >= 0 ? (process.argv[itemsIndex + 1] ?? '1,200') : '1,200').split(',').map(Number)
const baseIndex = process.argv.indexOf('--base')
const base = baseIndex >= 0 ? process.argv[baseIndex + 1] : undefined
const VARIANTS = items.flatMap((count) => [
  { count, encoding: 'gzip', headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } },
  { count, encoding: 'none', headers: {} as Record<string, string> },
])

type Server = { child: ChildProcess; ready: AppReady; outDir: string; lines: (pattern: RegExp) => Promise<string> }

/** bench/scan.ts --serve-app of `checkout` under callgrind, instrumentation off until asked (startup runs uncounted). */
function startUnderCallgrind(checkout: string): Promise<Server> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'qr-tee-log-cost-'))
  const options: AppOptions = { counting: true, fastPath: true, logs: true, items, profiles: 0 }
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${outDir}/cg.out`,
      process.execPath, '--import', 'tsx', 'bench/scan.ts', '--serve-app', JSON.stringify(options)],
    { cwd: checkout, stdio: ['pipe', 'pipe', 'ignore'] },
  )
  let out = ''
  // Request log lines are read and thrown away, as a collector reading the pipe would.
  child.stdout?.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-100_000)))
  const lines = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(out)
        if (!found) return
        out = out.slice(found.index + found[0].length)
        child.stdout?.off('data', check)
        resolve(found[1] ?? '')
      }
      child.stdout?.on('data', check)
      child.once('exit', (code) => reject(new Error(`server under valgrind exited with ${code}`)))
      check()
    })
  return lines(/READY (.+)\n/).then((ready) => ({ child, ready: JSON.parse(ready) as AppReady, outDir, lines }))
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
function get(port: number, urlPath: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers, agent }, (res) => {
        res.resume()
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${urlPath}: ${res.statusCode}`))))
      })
      .on('error', reject)
  })
}
async function send(port: number, urlPath: string, headers: Record<string, string>, count: number) {
  let next = 0
  const worker = async () => {
    while (next++ < count) await get(port, urlPath, headers)
  }
  await Promise.all(Array.from({ length: 4 }, worker))
}

/** Instructions per request of `count` requests, warm-up not counted. */
async function instructionsPerRequest(server: Server, port: number, urlPath: string, headers: Record<string, string>): Promise<number> {
  const pid = String(server.child.pid)
  await send(port, urlPath, headers, warmUp)
  execFileSync('callgrind_control', ['-z', pid])
  await send(port, urlPath, headers, requests)
  execFileSync('callgrind_control', ['-d', pid])
  const dumps = readdirSync(server.outDir).filter((name) => /^cg\.out\.\d+$/.test(name))
  const last = dumps.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop())).at(-1) ?? ''
  const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(path.join(server.outDir, last), 'utf8'))
  return Number(totals?.[1] ?? Number.NaN) / requests
}

async function measure(checkout: string, label: string, withOff: boolean) {
  const started = performance.now()
  const server = await startUnderCallgrind(checkout)
  console.log(`${label}: ${checkout}, started under callgrind in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  const pid = String(server.child.pid)
  const pathOf = (count: number) => `/api/profiles/${server.ready.shareableIds[count]}`
  const recorded: Record<string, Recorded> = {}
  for (const v of VARIANTS) recorded[`/${v.count}/${v.encoding}`] = await fetchAnswer(server.ready.port, pathOf(v.count), v.headers)
  const answersFile = path.join(server.outDir, 'answers.json')
  writeFileSync(answersFile, JSON.stringify(recorded))
  server.child.stdin?.write(`RAW ${answersFile}\n`)
  const rawPort = Number(await server.lines(/RAW-READY (\d+)\n/))
  execFileSync('callgrind_control', ['-i', 'on', pid])
  const rows: string[] = []
  for (const v of VARIANTS) {
    const raw = await instructionsPerRequest(server, rawPort, `/${v.count}/${v.encoding}`, {})
    const on = await instructionsPerRequest(server, server.ready.port, pathOf(v.count), v.headers)
    let off = Number.NaN
    if (withOff) {
      server.child.stdin?.write('LEVEL silent\n')
      await server.lines(/(LEVEL-SET)\n/)
      off = await instructionsPerRequest(server, server.ready.port, pathOf(v.count), v.headers)
      server.child.stdin?.write('LEVEL info\n')
      await server.lines(/(LEVEL-SET)\n/)
    }
    const k = (n: number) => `${(n / 1000).toFixed(0)}k`
    const offText = withOff ? `; logs off ${k(off)} (${(raw / off).toFixed(2)}x); the log line ${k(on - off)}` : ''
    rows.push(`  ${String(v.count).padStart(3)} item(s) ${v.encoding.padEnd(4)} instructions/request: raw ${k(raw)}; logs on ${k(on)} (raw/app ${(raw / on).toFixed(2)}x)${offText}`)
    console.log(rows.at(-1))
  }
  server.child.kill('SIGKILL')
  return rows
}

console.log(`GET /api/profiles/{id}, ${requests} counted requests per figure after ${warmUp} uncounted, 4 keep-alive connections`)
await measure(here, 'this checkout', true)
if (base) await measure(base, 'base checkout (logs on)', false)
agent.destroy()
