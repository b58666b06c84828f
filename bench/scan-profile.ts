// Where a scan's CPU goes: the bench's app server (default configuration, request logs on to a pipe) under --cpu-prof
// while first the visitor document /profile/{id} (br, as browsers ask) is loaded, then the function self times of the
// profile divided by the requests answered. Run: npm run bench:scan-profile [-- --seconds 10 --connections 50 --top 12
// --items 12 --encoding br|gzip|none --target document|api
// --logs-off]; --target api loads GET /api/profiles/{id} instead; --logs-off runs the server with LOG_LEVEL=silent.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from '../server/site/build-if-stale.ts'
import { numericArg } from './lib-in-process-app.ts'
import type { AppOptions, AppReady } from './lib-scan-app.ts'
import { type Ready, startChild, stopChild } from './lib-bench-children.ts'
import { load, requestBytes } from './lib-scan-load.ts'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n)

const scanBench = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scan.ts')
const seconds = numericArg('--seconds', 10)
const connections = numericArg('--connections', 50)
const top = numericArg('--top', 12)
const items = numericArg('--items', 12)
const encodingArg = process.argv[process.argv.indexOf('--encoding') + 1]
const target = process.argv[process.argv.indexOf('--target') + 1] === 'api' ? 'api' : 'document'
// The API answers gzip or plain: a br-only ask would be answered plain.
const encoding = encodingArg === 'gzip' || encodingArg === 'none' ? encodingArg : target === 'api' ? 'gzip' : 'br'
const ACCEPT_ENCODING = { br: 'gzip, deflate, br, zstd', gzip: 'gzip, deflate', none: undefined }[encoding]

// The visitor document is rendered from the built app, as `npm start` does it: built first when missing or stale.
buildIfStale(path.resolve(path.dirname(scanBench), '..'))
const dir = mkdtempSync(path.join(tmpdir(), 'qr-tee-scan-profile-'))
const options: AppOptions = { counting: true, fastPath: true, logs: !process.argv.includes('--logs-off'), items: [items], profiles: 10_000 }
// The profile is written to `dir` when the child exits.
const app = await startChild<AppReady & Ready>(scanBench, ['--serve-app', JSON.stringify(options)], ['--cpu-prof', `--cpu-prof-dir=${dir}`])
const urlPath = `${target === 'api' ? '/api/profiles' : '/profile'}/${app.ready.shareableIds[items]}`
const loadStart = monotonicUs()
// Stopped whatever the load does: a failed run must not leave a server (profiling, so busy) behind on the machine.
let loadEnd = 0
const result = await load(app.ready.port, requestBytes(urlPath, ACCEPT_ENCODING ? { 'Accept-Encoding': ACCEPT_ENCODING } : {}), seconds, connections, app.child.pid).finally(() => {
  loadEnd = monotonicUs()
  return stopChild(app.child)
})

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
if (!file) throw new Error(`no profile written in ${dir}`)
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile
// Only the measured window (after load()'s 1 s warm-up): V8 stamps samples with the same monotonic clock as hrtime.
const selfUs = new Map<number, number>()
let at = profile.startTime
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0
  at += delta
  if (at >= loadStart + 1_000_000 && at <= loadEnd) selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
})
const byFunction = new Map<string, number>()
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url ? `${url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '')}:${lineNumber + 1}` : ''
  const key = `${functionName || '(anonymous)'} ${where}`.trim()
  byFunction.set(key, (byFunction.get(key) ?? 0) + (selfUs.get(node.id) ?? 0))
}
const requests = result.requests
const total = [...byFunction.values()].reduce((a, b) => a + b, 0)
console.log(`GET ${urlPath} (${encoding}, ${items} items), logs ${options.logs ? 'on' : 'off'}, counting on: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/request`)
console.log(`profile: ${path.join(dir, file)}; ${(total / 1000).toFixed(0)} ms sampled in the measured window, ${requests} requests`)
console.log('self time per request, highest first (idle and the garbage collector are listed as V8 names them):')
for (const [name, us] of [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${(us / requests).toFixed(2).padStart(7)} µs  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
}
