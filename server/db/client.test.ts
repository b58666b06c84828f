import { createServer } from 'node:net'
import { DrizzleQueryError, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toErrorResponse } from '../http/http.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, type Database, isDatabaseUnavailable, openDatabase } from './client.ts'

/** The error a promise rejects with (the test fails if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected a failure')
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error)

describe('isDatabaseUnavailable, on errors the drivers really raise', () => {
  let pglite: Database
  beforeAll(async () => {
    pglite = await openDatabase('memory://')
    await pglite.db.execute(sql`create table t (id int primary key)`)
    await pglite.db.execute(sql`insert into t values (1)`)
  })
  afterAll(() => pglite.close().catch(() => undefined))

  it('a PGlite statement error (division by zero) is a fault, not an outage', async () => {
    const err = await failureOf(pglite.db.execute(sql`select 1 / 0`))
    expect(isDatabaseUnavailable(err)).toBe(false)
    expect(toErrorResponse(err)).toEqual({ status: 500, message: 'Internal server error', headers: {} })
  })

  it('a PGlite unique violation is a fault, not an outage', async () => {
    const err = await failureOf(pglite.db.execute(sql`insert into t values (1)`))
    expect(isDatabaseUnavailable(err)).toBe(false)
  })

  it('a closed PGlite is unavailable, in and outside a transaction', async () => {
    const closed = await openDatabase('memory://')
    await closed.close()
    expect(isDatabaseUnavailable(await failureOf(closed.db.execute(sql`select 1`)))).toBe(true)
    expect(isDatabaseUnavailable(await failureOf(closed.db.transaction(async (tx) => tx.execute(sql`select 1`))))).toBe(true)
    expect(await closed.ping()).toBe(false)
  })

  it('a PostgreSQL nobody listens on (connection refused) is unavailable', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${port}/none`, connectionTimeoutMillis: 1_000 })
    const err = await failureOf(pool.query('select 1'))
    await pool.end()
    expect(isDatabaseUnavailable(err)).toBe(true)
    expect(toErrorResponse(err)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': '5' } })
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL statement timeout is unavailable (skipped without TEST_DATABASE_URL)', async () => {
    const database = await openDatabase(process.env.TEST_DATABASE_URL ?? '', { timeouts: { statementMs: 100, idleInTransactionMs: 3_000 } })
    try {
      const result = await database.db.execute(
        sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      )
      const [settings] = (result as unknown as { rows: { statement: string; idle: string }[] }).rows
      // Every pooled connection carries the server-side bounds.
      expect(settings).toEqual({ statement: '100ms', idle: '3s' })
      const err = await failureOf(database.db.execute(sql`select pg_sleep(1)`))
      expect(isDatabaseUnavailable(err)).toBe(true)
    } finally {
      await database.close()
    }
  })
})

describe('isDatabaseUnavailable, by code and message', () => {
  const cases: [string, unknown, boolean][] = [
    ['a lost connection (pg)', new Error('Connection terminated unexpectedly'), true],
    ['a connect timeout (pg)', new Error('Connection terminated due to connection timeout'), true],
    ['no free connection in time (pg-pool)', new Error('timeout exceeded when trying to connect'), true],
    ['no answer on the socket (pg query_timeout)', new Error('Query read timeout'), true],
    ['a client that lost its connection (pg)', new Error('Client has encountered a connection error and is not queryable'), true],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET'), true],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND'), true],
    ['server shutting down (57P01), wrapped by drizzle', wrapped(withCode('terminating connection due to administrator command', '57P01')), true],
    ['server starting up (57P03)', withCode('the database system is starting up', '57P03'), true],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300'), true],
    ['any connection exception (08006)', withCode('connection failure', '08006'), true],
    ['statement timeout (57014), wrapped by drizzle', wrapped(withCode('canceling statement due to statement timeout', '57014')), true],
    ['idle-in-transaction timeout (25P03)', withCode('terminating connection due to idle-in-transaction timeout', '25P03'), true],
    ['deadlock (40P01)', withCode('deadlock detected', '40P01'), true],
    ['serialization failure (40001)', withCode('could not serialize access', '40001'), true],
    ['a unique violation (23505), wrapped by drizzle', wrapped(withCode('duplicate key value', '23505')), false],
    ['a syntax error (42601)', withCode('syntax error at or near', '42601'), false],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['a thrown string', 'Connection terminated unexpectedly', false],
    ['nothing', undefined, false],
  ]
  it.each(cases)('%s', (_name, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected)
  })
})
