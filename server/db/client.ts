// Opens the database the configuration names (embedded PGlite in DATA_DIR, or PostgreSQL) and applies the migrations;
// on PostgreSQL also bounds every wait and keeps a lost connection from ever reaching the process.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PoolClient } from 'pg'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Answers true when a trivial query succeeds within DatabaseTimeouts.readyMs (used by /api/ready). */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

/** How long PostgreSQL may keep a request waiting (docs/decisions/076-database-failures.md). */
export type DatabaseTimeouts = {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number
  /** Server side: one statement, lock waits included (`statement_timeout`). */
  statementMs: number
  /** Server side: an open transaction with no statement running (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number
  /** Client side: no answer at all, as on a dead network. Longer than statementMs, so a live server cancels first. */
  queryMs: number
  /** /api/ready's probe. */
  readyMs: number
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleInTransactionMs: 15_000,
  queryMs: 15_000,
  readyMs: 2_000,
}

export type DatabaseOptions = {
  timeouts?: Partial<DatabaseTimeouts>
  /** Where a connection lost outside any request is reported; by default one line on standard error. */
  onConnectionError?: (err: Error) => void
}

/** What a client sees while the database cannot be reached: the request may simply be tried again later. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** `location` is a postgres:// URL, a folder for a file-backed PGlite, or 'memory://' for a throwaway one. */
export async function openDatabase(location: string, options: DatabaseOptions = {}): Promise<Database> {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts }
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location, timeouts, options.onConnectionError ?? reportConnectionError)
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // PGlite does not create missing parent folders.
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true })
  const client = await PGlite.create(location)
  const db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: () => answersWithin(timeouts.readyMs, async () => (await client.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok === 1),
    close: () => client.close(),
  }
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts, onConnectionError: (err: Error) => void): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')

  // Migrations get a connection of their own without the statement timeout: building an index may take a while.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs })
  migrator.on('error', onConnectionError)
  await migrator.connect()
  try {
    await migrate(drizzle(migrator, { schema }), { migrationsFolder })
  } finally {
    await migrator.end().catch(() => undefined)
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
  })
  // An idle connection that dies (PostgreSQL restarted, a proxy cut it) is reported here; without a listener, Node
  // would end the process. The pool has already dropped it and opens a new one on the next query.
  pool.on('error', onConnectionError)
  pool.on('connect', (client) => {
    // A connection handed out (inside a transaction) has no pool listener while it is out; its in-flight query fails
    // on its own, and this keeps the 'error' event it also emits from ending the process.
    client.on('error', () => undefined)
  })
  pool.on('release', (err: Error | undefined, client: PoolClient) => {
    // Given back mid-transaction or with a query still unanswered (the client-side timeout fired, the statement may
    // still run): it must not serve anyone else. end() marks it ending, so the pool drops it instead of keeping it.
    const unanswered = (client as { readyForQuery?: boolean }).readyForQuery === false
    if (!err && (unanswered || client.getTransactionStatus() !== 'I')) void client.end().catch(() => undefined)
  })
  const db = drizzle(pool, { schema })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () => answersWithin(timeouts.readyMs, async () => (await pool.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok === 1),
    close: () => pool.end(),
  }
}

/** False when the probe fails or does not answer in time; never throws. */
async function answersWithin(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  try {
    return await Promise.race([probe().catch(() => false), late])
  } finally {
    clearTimeout(timer)
  }
}

function reportConnectionError(err: Error) {
  const code = (err as { code?: unknown }).code
  console.error(`Database connection lost: ${err.message}${typeof code === 'string' ? ` (${code})` : ''}; reconnecting on the next query`)
}

/**
 * SQLSTATEs of a database that is gone, shutting down, out of connections, or that gave up on a statement that a
 * retry would complete (timeouts, deadlock, serialization failure, lock not available). Class 08 is all connection
 * exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03', '40P01', '40001', '55P03'])
/** Socket errors of a database that cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN'])
/** Errors that pg, pg-pool and PGlite raise without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
  /is not queryable/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
]

/**
 * True when `err` (or an error it wraps: drizzle wraps driver errors as `cause`) says the database is unreachable or
 * gave up for a reason a later retry does not share; the API answers those 503, everything else stays a 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNREACHABLE_CODES.has(code))) return true
    const message = current.message
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true
    current = current.cause
  }
  return false
}
