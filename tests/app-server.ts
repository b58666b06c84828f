// Starts the server exactly as `npm start` does (build if stale, fresh DATA_DIR, free port) for the e2e run and the
// benches, waits for /api/health, and stops it again.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from '../server/site/build-if-stale.ts'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// A loaded shared machine can take minutes to start tsx; QRTEE_START_TIMEOUT_MS lets a bench wait longer.
const STARTUP_TIMEOUT_MS = Number(process.env.QRTEE_START_TIMEOUT_MS) || 120_000

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The environment `npm start` would see. Vitest sets NODE_ENV=test (and VITEST*), which would make Vite build a
 * development bundle (no service worker registration, dev Workbox) and tell the server it is under test.
 */
function startEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')))
}

/** buildIfStale spawns Vite with this process's environment, so it is swapped for the build's duration. */
function buildLikeNpmStart(): void {
  const saved = { ...process.env }
  const keep = startEnv()
  for (const key of Object.keys(process.env)) if (!(key in keep)) delete process.env[key]
  try {
    buildIfStale(projectRoot)
  } finally {
    Object.assign(process.env, saved)
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}:\n${log()}`)
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s:\n${log()}`)
}

export type AppServer = { baseUrl: string; stop: () => Promise<void> }

/** Tries to start on a free port before giving up: another process may take the port between the probe and the bind. */
const PORT_ATTEMPTS = 3

/** `env` adds variables of the README's configuration table (for example RATE_LIMIT_SCALE). */
export async function startAppLikeNpmStart(env: Record<string, string> = {}): Promise<AppServer> {
  buildLikeNpmStart()
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(env)
    } catch (err) {
      // The probed port was closed again before the server bound it; a busy e2e run (browsers' own connections, two
      // files starting servers at once) can take it meanwhile.
      if (attempt >= PORT_ATTEMPTS || !(err instanceof Error && err.message.includes('EADDRINUSE'))) throw err
    }
  }
}

async function startOnFreePort(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrtee-app-'))
  // As package.json's start script runs it: node itself with tsx's loader, so a signal reaches the server directly.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: projectRoot,
    env: { ...startEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  server.stdout?.on('data', collect)
  server.stderr?.on('data', collect)

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (server.exitCode === null) server.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, server, () => output)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseUrl, stop }
}
