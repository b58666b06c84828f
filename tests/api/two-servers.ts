// Several real servers (server/main.ts startServer, each in its own process, real HTTP) on one private PostgreSQL
// database, for tests of what instances must share: cache invalidation, rate limits. Without TEST_DATABASE_URL the
// suites are skipped, and their title says why.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { describe } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { startServer } from '../../server/main.ts'

export const POSTGRES_URL = process.env.TEST_DATABASE_URL

/** Runs the suite only with PostgreSQL; otherwise one skipped suite whose title says why. */
export function describeWithPostgres(title: string, suite: (postgresUrl: string) => void) {
  if (!POSTGRES_URL) {
    // The suite's own tests are listed as skipped under a title that says why; none of them runs.
    describe.skip(`${title} (skipped: TEST_DATABASE_URL is unset; several instances share state only through PostgreSQL)`, () => suite(''))
    return
  }
  describe(title, () => suite(POSTGRES_URL))
}

/** `url` with its database name replaced. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export type PrivateDatabase = { url: string; name: string; drop: () => Promise<void> }

/** A fresh database on the server of `baseUrl`, so the servers under test see only this test's rows. */
export async function createPrivateDatabase(baseUrl: string, prefix = 'qrtee_test'): Promise<PrivateDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  return {
    url: withDatabase(baseUrl, name),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      try {
        // Only the database this helper created; force ends connections a closed server may still be releasing.
        await client.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

export type HttpAnswer = { status: number; headers: Headers; text: string; json: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields freely

export type RunningServer = {
  port: number
  baseUrl: string
  /** A real HTTP request to this server; `body` is sent as JSON. */
  request: (method: string, urlPath: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }) => Promise<HttpAnswer>
  close: () => Promise<void>
}

export type ServerGroup = { servers: RunningServer[]; database: PrivateDatabase; close: () => Promise<void> }

export type StartOptions = {
  count?: number
  /** Added to the environment of every server, for example RATE_LIMIT_SCALE or LOG_LEVEL. */
  env?: Record<string, string>
  /** Built site to serve (dist/); by default none, so only the API answers. */
  distDir?: string
  /**
   * 'process' (default): each server in its own Node process, as in production, so no module-level state anywhere can
   * make them look shared. 'in-process': startServer in this process, when a test needs the server objects.
   */
  mode?: 'process' | 'in-process'
}

/** Starts `count` servers (default 2) on one private database created for the call; close() stops them and drops it. */
export async function startServers(postgresUrl: string, options: StartOptions = {}): Promise<ServerGroup> {
  const database = await createPrivateDatabase(postgresUrl)
  const servers: RunningServer[] = []
  try {
    // One after the other: the first applies the migrations, the next finds them applied.
    for (let i = 0; i < (options.count ?? 2); i++) {
      const env: Record<string, string> = {
        JWT_SECRET: 'two-servers-secret-two-servers-secret-42',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qrtee-instance-')),
        PORT: '0',
        // Request lines of several servers would bury the test's own output; a test may ask for them.
        LOG_LEVEL: 'warn',
        ...options.env,
        DATABASE_URL: database.url,
      }
      servers.push(options.mode === 'in-process' ? await startInProcess(env, options.distDir) : await startProcess(env, options.distDir))
    }
  } catch (error) {
    await Promise.allSettled(servers.map((s) => s.close()))
    await database.drop()
    throw error
  }
  return {
    servers,
    database,
    close: async () => {
      await Promise.allSettled(servers.map((s) => s.close()))
      await database.drop()
    },
  }
}

async function startInProcess(env: Record<string, string>, distDir = '/nonexistent'): Promise<RunningServer> {
  const started = await startServer(loadConfig(env), { distDir })
  return runningServer(started.port, started.close)
}

const SERVER_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts')

async function startProcess(env: Record<string, string>, distDir = '/nonexistent'): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_PROCESS], {
    env: { ...process.env, ...env, TEST_DIST_DIR: distDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n')[0]
      if (out.includes('\n') && line) {
        try {
          resolve((JSON.parse(line) as { port: number }).port)
        } catch {
          reject(new Error(`server process said ${line}`))
        }
      }
    })
    child.once('exit', (code) => reject(new Error(`server process exited with ${code} before serving`)))
  })
  const close = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  return runningServer(port, close)
}

function runningServer(port: number, close: () => Promise<void>): RunningServer {
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    port,
    baseUrl,
    close,
    request: async (method, urlPath, { body, token, headers = {} } = {}) => {
      const sent: Record<string, string> = { ...headers }
      if (token) sent.Authorization = `Bearer ${token}`
      if (body !== undefined) sent['Content-Type'] ??= 'application/json'
      const res = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      })
      const text = await res.text()
      let json: unknown
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        json = undefined
      }
      return { status: res.status, headers: res.headers, text, json }
    },
  }
}

/** Registers a fresh owner through `server` and answers its credentials, tokens and public addresses. */
export async function signUpOn(server: RunningServer, prefix = 'inst') {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const credentials = { username: `${prefix}_${suffix}`, email: `${prefix}.${suffix}@example.test`, password: 'correct horse 42' }
  const registered = await server.request('POST', '/api/auth/register', { body: credentials })
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`)
  const token = registered.json.token as string
  const profile = await server.request('GET', '/api/profiles', { token })
  return { ...credentials, token, refreshToken: registered.json.refreshToken as string, profileId: profile.json.id as string, shareableId: profile.json.shareableId as string }
}

/** Polls `read` until `accept` holds or `withinMs` passes; answers the last value read and whether it was accepted. */
export async function pollUntil<T>(read: () => Promise<T>, accept: (value: T) => boolean, withinMs: number, everyMs = 25) {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (accept(value)) return { value, ok: true, elapsedMs: Date.now() - started }
    if (Date.now() - started > withinMs) return { value, ok: false, elapsedMs: Date.now() - started }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
