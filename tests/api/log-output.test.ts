// Where request logs go when nobody reads them (issue 26): a server whose standard output is a full pipe keeps
// answering, drops log lines past its buffer, and says how many once the pipe moves again.
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { projectRoot } from '../../server/main.ts'

type Line = Record<string, unknown> & { msg: string }
const REQUESTS = 3000
const CONCURRENCY = 16

let child: ChildProcessByStdio<null, Readable, Readable>
let dataDir: string
let baseUrl: string
const received: Line[] = []
let partial = ''

/** Resolves once the predicate holds for the lines read so far (stdout must be flowing). */
function waitForLine(predicate: (line: Line) => boolean): Promise<Line> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = received.find(predicate)
      if (found) {
        child.stdout.off('data', check)
        child.off('exit', onExit)
        resolve(found)
      }
    }
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}) before the expected line`))
    child.stdout.on('data', check)
    child.on('exit', onExit)
    check()
  })
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'qrtee-logs-'))
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx')
  child = spawn(tsx, ['-e', "import('./server/main.ts').then((m) => m.runFromCommandLine())"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', LOG_BUFFER_BYTES: '16384', RATE_LIMIT_SCALE: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Read line by line; the data listener is added by waitForLine and removed, so the stream pauses between reads.
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop() ?? ''
    for (const part of parts.filter((text) => text.startsWith('{'))) received.push(JSON.parse(part) as Line)
  })
  const serving = await waitForLine((line) => line.msg === 'QR Tee is serving')
  baseUrl = String(serving.url)
}, 120_000)

afterAll(async () => {
  if (child.exitCode === null) {
    child.stdout.resume()
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  rmSync(dataDir, { recursive: true, force: true })
})

it('a blocked standard output never holds up a request; the lines past the buffer are dropped and counted', async () => {
  // Nobody reads: the pipe and this side's buffer fill after a few thousand lines, then the server's own buffer.
  child.stdout.pause()
  const ids: string[] = []
  let next = 0
  const worker = async () => {
    while (next < REQUESTS) {
      const id = `flood-${next++}`
      const res = await fetch(`${baseUrl}/api/health`, { headers: { 'X-Request-Id': id } })
      expect(res.status).toBe(200)
      await res.arrayBuffer()
      ids.push(id)
    }
  }
  // With a synchronous destination this never finishes: the server stops in write(2) on the full pipe.
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  expect(ids).toHaveLength(REQUESTS)

  // The pipe moves again: every request is either a line or part of a 'log lines dropped' count.
  child.stdout.resume()
  const logged = () => received.filter((line) => typeof line.reqId === 'string' && line.reqId.startsWith('flood-')).length
  const droppedCounts = () => received.filter((line) => line.msg === 'log lines dropped')
  // The count is written within a second of there being room; a request after it marks the end of the flood. A batch
  // handed over while a count was being written is counted by the next one, a second later: so read on until every
  // request is accounted for, or until the counts stop coming.
  await waitForLine((line) => line.msg === 'log lines dropped')
  await fetch(`${baseUrl}/api/health`, { headers: { 'X-Request-Id': 'after-flood' } })
  await waitForLine((line) => line.reqId === 'after-flood')
  const dropped = () => droppedCounts().reduce((sum, line) => sum + Number(line.dropped), 0)
  for (let waited = 0; logged() + dropped() < REQUESTS && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100))
  expect(dropped()).toBeGreaterThan(0)
  expect(droppedCounts().at(-1)?.droppedTotal).toBe(dropped())
  expect(logged() + dropped(), `${logged()} lines written, ${dropped()} counted as dropped`).toBe(REQUESTS)
}, 300_000)
