// Opens the database the configuration names (embedded PGlite in DATA_DIR, or PostgreSQL) and applies the migrations.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Answers true when a trivial query succeeds (used by /api/ready). */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** `location` is a postgres:// URL, a folder for a file-backed PGlite, or 'memory://' for a throwaway one. */
export async function openDatabase(location: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const { Pool } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new Pool({ connectionString: location, max: 10 })
    const db = drizzle(pool, { schema })
    await migrate(db, { migrationsFolder })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => (await pool.query('select 1 as ok')).rows[0]?.ok === 1,
      close: () => pool.end(),
    }
  }
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
    ping: async () => (await client.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok === 1,
    close: () => client.close(),
  }
}
