// Where a scan's time goes down to the kernel: Linux `perf` samples the bench's app server (default configuration,
// request logs on) and raw node:http in its own process serving the same bytes, each under the same load in turn, and
// prints per request what each spent in the kernel, in Node's and V8's native code, in JavaScript and in libc, what
// waking the reader cost, and the symbols where the two differ most. Needs `perf` (Debian: apt-get install linux-perf).
// The app is also measured with its log switched off in the same process (LOG_LEVEL=silent at run time), since two
// processes of the same code differ by a few µs per request. Rounds alternate the three.
// Run: npm run bench:scan-perf [-- --target api|document --items 1 --encoding gzip|br|none --seconds 4 --rounds 2]
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from '../server/site/build-if-stale.ts'
import { numericArg } from './lib-in-process-app.ts'
import type { AppOptions, AppReady } from './lib-scan-app.ts'
import { type Ready, setLogLevelIn, startChild, stopChild } from './lib-bench-children.ts'
import { fetchAnswer, load, requestBytes } from './lib-scan-load.ts'
import { type PerfSample, readPerfSamples, summarise } from './lib-perf.ts'

const scanBench = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scan.ts')
const seconds = numericArg('--seconds', 4)
const rounds = numericArg('--rounds', 2)
const items = numericArg('--items', 1)
const FREQUENCY = 999
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined)
const target = arg('--target') === 'document' ? 'document' : 'api'
const encoding = arg('--encoding') ?? 'gzip'
const ACCEPT_ENCODING: Record<string, string> = { br: 'gzip, deflate, br, zstd', gzip: 'gzip, deflate' }

try {
  execFileSync('perf', ['--version'], { stdio: 'ignore' })
} catch {
  console.error('This bench needs Linux perf: apt-get install linux-perf')
  process.exit(2)
}
if (target === 'document') buildIfStale(path.resolve(path.dirname(scanBench), '..'))
const dir = mkdtempSync(path.join(tmpdir(), 'qr-tee-scan-perf-'))
const options: AppOptions = { counting: true, fastPath: true, logs: true, items: [items], profiles: 10_000 }
// --perf-basic-prof: V8 writes /tmp/perf-PID.map, so perf names JavaScript functions (both servers alike). It also
// writes an isolate log per thread, into the current directory unless --logfile names one elsewhere.
const perfNode = ['--perf-basic-prof', `--logfile=${path.join(dir, 'v8.log')}`]
const app = await startChild<AppReady & Ready>(scanBench, ['--serve-app', JSON.stringify(options)], perfNode)
const urlPath = `${target === 'api' ? '/api/profiles' : '/profile'}/${app.ready.shareableIds[items]}`
const headers: Record<string, string> = ACCEPT_ENCODING[encoding] ? { 'Accept-Encoding': ACCEPT_ENCODING[encoding] } : {}
const answersFile = path.join(dir, 'answers.json')
writeFileSync(answersFile, JSON.stringify({ [urlPath]: await fetchAnswer(app.ready.port, urlPath, headers) }))
const raw = await startChild<Ready>(scanBench, ['--serve-raw', answersFile], perfNode)
const request = requestBytes(urlPath, headers)

type Measured = { requestsPerSecond: number; samples: PerfSample[] }

/** Loads one server for 1 s of warm-up and `seconds` measured, with perf recording the measured part. */
async function measure(name: string, server: { child: { pid?: number }; ready: Ready }): Promise<Measured> {
  const pid = String(server.child.pid)
  const data = path.join(dir, `${name}-${Math.random().toString(36).slice(2)}.data`)
  let recording: ReturnType<typeof spawn> | undefined
  const started = setTimeout(() => {
    recording = spawn('perf', ['record', '-q', '-F', String(FREQUENCY), '-g', '-p', pid, '-o', data, '--', 'sleep', String(seconds)], { stdio: 'ignore' })
  }, 1000)
  const result = await load(server.ready.port, request, seconds, 50, server.child.pid)
  clearTimeout(started)
  await new Promise((resolve) => (recording && recording.exitCode === null ? recording.once('exit', resolve) : resolve(undefined)))
  return { requestsPerSecond: result.requestsPerSecond, samples: readPerfSamples(data) }
}

const merge = (runs: Measured[]): Measured => ({
  requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
  samples: runs.flatMap((run) => run.samples),
})

try {
  console.log(`${target === 'api' ? 'GET /api/profiles/{id}' : 'GET /profile/{id}'}, ${items} item(s), ${encoding}; perf at ${FREQUENCY} Hz; ${rounds} rounds of ${seconds} s per server`)
  const runs: Record<'on' | 'off' | 'raw', Measured[]> = { on: [], off: [], raw: [] }
  for (let round = 0; round < rounds; round++) {
    await setLogLevelIn(app.child, 'info')
    runs.on.push(await measure('app-logs-on', app))
    runs.raw.push(await measure('raw', raw))
    await setLogLevelIn(app.child, 'silent')
    runs.off.push(await measure('app-logs-off', app))
  }
  const asRun = (name: string, measured: Measured[]) => ({ name, ...merge(measured), sampleUs: 1e6 / FREQUENCY, seconds: seconds * measured.length })
  summarise(asRun('logs on', runs.on), asRun('raw node:http', runs.raw))
  summarise(asRun('logs off', runs.off), asRun('raw node:http', runs.raw))
} finally {
  await Promise.all([stopChild(app.child), stopChild(raw.child)])
  // The symbol maps are read by `perf script` above; nothing else needs them.
  for (const child of [app.child, raw.child]) rmSync(`/tmp/perf-${child.pid}.map`, { force: true })
}
