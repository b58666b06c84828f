import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/db/client.ts'
import { NOT_READY_MESSAGE } from '../../server/http/health.ts'
import { startTcpProxy, type TcpProxy } from '../fakes/tcp-proxy.ts'

// The server runs as its own process behind a TCP proxy to the machine's PostgreSQL; the test cuts, stalls and
// restores the proxy. Before the pool had error listeners, the first cut ended the process.
const url = process.env.TEST_DATABASE_URL
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Short waits, so a test of the bounds takes seconds; the defaults are in server/db/client.ts. */
const TIMEOUTS = { connectMs: 1_000, statementMs: 1_500, idleInTransactionMs: 3_000, queryMs: 2_500, readyMs: 1_000 }
/** "Within a few seconds": no answer by then fails the test (fetch aborts). */
const READY_BOUND_MS = 4_000
/** The longest any API call may take while the database is gone: a connect or query timeout, plus the rollback's. */
const CALL_BOUND_MS = 2 * TIMEOUTS.queryMs + 3_000

type Answer = { status: number; json: { message?: string } & Record<string, unknown> }

describe.skipIf(!url)(`the server outlives its database${url ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)'}`, () => {
  const target = new URL(url ?? 'postgres://127.0.0.1:5432/test')
  const applicationName = `qrtee-outage-${process.pid}-${Date.now().toString(36)}`
  let proxy: TcpProxy
  let server: ChildProcess
  let baseUrl = ''
  let output = ''
  let direct: pg.Client
  const owner = { token: '', userId: '', profileId: '', shareableId: '', itemId: '' }

  const alive = () => server.exitCode === null && server.signalCode === null
  const call = async (method: string, urlPath: string, options: { token?: string; body?: unknown; boundMs?: number } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const res = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.boundMs ?? CALL_BOUND_MS),
    })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : {} }
  }
  const ready = () => call('GET', '/api/ready', { boundMs: READY_BOUND_MS })
  const expectUnavailable = (answer: Answer) => expect(answer).toEqual({ status: 503, json: { message: DATABASE_UNAVAILABLE_MESSAGE } })
  /** After a restore, the server finds the database again by itself: no restart, no call from outside. */
  const waitUntilReady = async () => {
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      if ((await ready()).status === 200) return
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`/api/ready stayed 503 after the database came back:\n${output}`)
  }
  /** Resolves once a statement of the server waits for a lock the test holds. */
  const waitForBlockedStatement = async () => {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const { rows } = await direct.query("select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [applicationName])
      if (rows.length > 0) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('the server never waited for the lock')
  }
  /** Holds the owner's row (the first lock of every write) on a connection that bypasses the proxy. */
  const holdOwnersRow = async () => {
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    await holder.query('begin')
    await holder.query('select 1 from users where id = $1 for update', [owner.userId])
    return { release: () => holder.query('rollback').then(() => holder.end()) }
  }

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(target)
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    viaProxy.searchParams.set('application_name', applicationName)
    server = spawn(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), ['tests/fakes/serve-for-test.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: viaProxy.toString(),
        DATABASE_TIMEOUTS: JSON.stringify(TIMEOUTS),
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: 'outage-test-secret-outage-test-secret-42',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    server.stdout?.on('data', collect)
    server.stderr?.on('data', collect)
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000)
      server.stdout?.on('data', () => {
        const match = /listening on (\d+)/.exec(output)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(match[1])
        }
      })
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting:\n${output}`)))
    })
    baseUrl = `http://127.0.0.1:${port}`
    direct = new pg.Client({ connectionString: url })
    await direct.connect()

    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const registered = await call('POST', '/api/auth/register', {
      body: { username: `outage_${suffix}`, email: `outage.${suffix}@example.test`, password: 'correct horse 42' },
    })
    owner.token = String(registered.json.token)
    const profile = await call('GET', '/api/profiles', { token: owner.token })
    owner.profileId = String(profile.json.id)
    owner.shareableId = String(profile.json.shareableId)
    const item = await call('POST', `/api/wishlist-items/profile/${owner.profileId}`, {
      token: owner.token,
      body: { name: 'Camping stove', description: 'Any gas stove will do.', price: 49, brand: 'Primus' },
    })
    owner.itemId = String(item.json.id)
    const { rows } = await direct.query('select id from users where lower(username) = lower($1)', [`outage_${suffix}`])
    owner.userId = rows[0]?.id
  }, 90_000)

  afterAll(async () => {
    await proxy?.close()
    await direct?.end().catch(() => undefined)
    if (server && alive()) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (alive()) server.kill('SIGKILL')
    }
  })

  it('losing every connection while idle: the process lives, readiness and API calls answer 503, then it recovers by itself', async () => {
    expect((await ready()).json).toEqual({ status: 'ready', database: 'postgres' })
    proxy.cut()
    // The pool's idle connections learn of the cut now; before the fix, this is where the process died.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(alive(), output).toBe(true)

    expect(await ready()).toEqual({ status: 503, json: { message: NOT_READY_MESSAGE } })
    expectUnavailable(await call('GET', '/api/profiles', { token: owner.token }))
    expectUnavailable(await call('PUT', `/api/wishlist-items/${owner.itemId}`, { token: owner.token, body: { name: 'Cut off' } }))
    expectUnavailable(await call('POST', `/api/public/profiles/${owner.shareableId}/purchases`, { body: { wishlistItemId: owner.itemId } }))
    expect(alive(), output).toBe(true)

    proxy.restore()
    await waitUntilReady()
    expect((await call('GET', '/api/profiles', { token: owner.token })).status).toBe(200)
    const edited = await call('PUT', `/api/wishlist-items/${owner.itemId}`, { token: owner.token, body: { name: 'Back again' } })
    expect(edited).toMatchObject({ status: 200, json: { name: 'Back again' } })
  })

  it('losing the connection in the middle of a request answers that request 503, and its write is not applied', async () => {
    const lock = await holdOwnersRow()
    const pending = call('PUT', `/api/wishlist-items/${owner.itemId}`, { token: owner.token, body: { name: 'Half written' } })
    await waitForBlockedStatement()
    proxy.cut()
    expectUnavailable(await pending)
    expect(alive(), output).toBe(true)
    await lock.release()

    proxy.restore()
    await waitUntilReady()
    const item = await call('GET', `/api/wishlist-items/${owner.itemId}`, { token: owner.token })
    expect(item).toMatchObject({ status: 200, json: { name: 'Back again' } })
  })

  it('a silent network: readiness answers 503 within seconds and API calls answer 503 within the bound, even more of them than the pool holds', async () => {
    proxy.stall()
    expect(await ready()).toEqual({ status: 503, json: { message: NOT_READY_MESSAGE } })
    // Twelve at once against a pool of ten: the ones waiting for a connection are bounded too.
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('GET', '/api/profiles', { token: owner.token })))
    for (const answer of answers) expectUnavailable(answer)
    expect(alive(), output).toBe(true)

    proxy.restore()
    await waitUntilReady()
    expect((await call('GET', '/api/profiles', { token: owner.token })).status).toBe(200)
  })

  it('a statement held up longer than the statement timeout answers 503, and the next call succeeds', async () => {
    const lock = await holdOwnersRow()
    try {
      expectUnavailable(await call('PUT', `/api/wishlist-items/${owner.itemId}`, { token: owner.token, body: { name: 'Too slow' } }))
    } finally {
      await lock.release()
    }
    const edited = await call('PUT', `/api/wishlist-items/${owner.itemId}`, { token: owner.token, body: { name: 'In time' } })
    expect(edited).toMatchObject({ status: 200, json: { name: 'In time' } })
    expect(alive(), output).toBe(true)
  })
})
