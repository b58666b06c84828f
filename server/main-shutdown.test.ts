// Shutdown as an operator meets it: SIGTERM to the real process while clients hold requests open (a body announced
// and never sent, headers never ended) still ends it within the grace, with its last lines and exit code 0.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from './main.ts'

type Line = Record<string, unknown> & { msg: string }
const GRACE_MS = 1000

function openSocket(port: number, bytes: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes)
      resolve(socket)
    })
    socket.on('error', () => {})
  })
}

it('a SIGTERM with stalled requests open ends the process within the grace: last lines written, exit code 0', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrtee-shutdown-'))
  // Node itself with tsx's loader: the tsx command relays a signal and SIGKILLs a child that is slow to confirm it.
  const script = `import('./server/main.ts').then((m) => m.runFromCommandLine({ shutdownGraceMs: ${GRACE_MS} }))`
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Line[] = []
  let partial = ''
  let onLine = () => {}
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop() ?? ''
    for (const part of parts.filter((text) => text.startsWith('{'))) lines.push(JSON.parse(part) as Line)
    onLine()
  })
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  )
  try {
    const serving = await new Promise<Line>((resolve, reject) => {
      onLine = () => {
        const found = lines.find((line) => line.msg === 'QR Tee is serving')
        if (found) resolve(found)
      }
      void exited.then(({ code }) => reject(new Error(`server exited (${code}) before serving`)))
    })
    const port = Number(new URL(String(serving.url)).port)
    const sockets = await Promise.all([
      openSocket(port, 'PUT /api/profiles HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":'),
      openSocket(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n'),
    ])
    await new Promise((resolve) => setTimeout(resolve, 200))
    const signalledAt = performance.now()
    child.kill('SIGTERM')
    const late = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), GRACE_MS + 5000))
    const outcome = await Promise.race([exited, late])
    for (const socket of sockets) socket.destroy()
    expect(outcome).toMatchObject({ code: 0 })
    const { at } = await exited
    expect(at - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 50)
    const messages = lines.map((line) => line.msg)
    expect(messages.slice(messages.indexOf('Shutting down: finishing in-flight requests'))).toEqual([
      'Shutting down: finishing in-flight requests',
      'Shutdown grace over: closing the connections still open',
      'QR Tee stopped',
    ])
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
}, 120_000)

it('npm start runs node itself, so SIGTERM reaches the server and not a wrapper', () => {
  // The tsx command relays a signal to its child and SIGKILLs it when the child takes over 30 ms to confirm: under load
  // that skipped the grace, the last scan flush and the database close.
  const scripts = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  expect(scripts.start).toBe('node --import tsx server/start.ts')
})
