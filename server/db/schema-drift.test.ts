// schema.ts, the migrations and drizzle-kit's latest snapshot describe one database: `drizzle-kit generate` on today's
// schema writes nothing, and the hand-written SQL builds exactly the tables, columns, indexes and constraints schema.ts
// declares. When this fails, run `npx drizzle-kit generate` (or `--custom` for a hand-written migration).
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { describe, expect, it } from 'vitest'
import * as schema from './schema.ts'

type Snapshot = Record<string, unknown>
type DrizzleKitApi = {
  generateDrizzleJson: (imports: Record<string, unknown>, prevId?: string) => Snapshot
  generateMigration: (prev: Snapshot, cur: Snapshot) => Promise<string[]>
}
// drizzle-kit/api ships as CommonJS only.
const { generateDrizzleJson, generateMigration } = createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const metaFolder = path.join(migrationsFolder, 'meta')

/** The newest snapshot, as drizzle-kit itself picks it: the last `*_snapshot.json` by name. */
function latestSnapshot(): Snapshot {
  const files = readdirSync(metaFolder).filter((file) => file.endsWith('_snapshot.json')).sort()
  return JSON.parse(readFileSync(path.join(metaFolder, files.at(-1) ?? ''), 'utf8')) as Snapshot
}

/** One line per column, index and constraint of the public schema, names of indexes left out (both sides name them). */
const CATALOG = `
select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
  from information_schema.columns where table_schema = 'public'
union all
select 'index ' || tablename || ' ' || indexname || ' ' || regexp_replace(indexdef, 'INDEX \\S+ ON', 'INDEX ON')
  from pg_indexes where schemaname = 'public'
union all
select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
  from pg_constraint where connamespace = 'public'::regnamespace
order by 1`

async function catalogOf(build: (db: PGlite) => Promise<void>): Promise<string[]> {
  const db = await PGlite.create('memory://')
  try {
    await build(db)
    return (await db.query<{ line: string }>(CATALOG)).rows.map((row) => row.line)
  } finally {
    await db.close()
  }
}

describe('schema.ts and the migrations agree', () => {
  it('drizzle-kit generate on schema.ts writes nothing: the latest snapshot is today’s schema', async () => {
    expect(await generateMigration(latestSnapshot(), generateDrizzleJson(schema))).toEqual([])
  })

  it('the migrations build exactly what schema.ts declares', async () => {
    const migrated = await catalogOf((db) => migrate(drizzle(db), { migrationsFolder }))
    const declared = await catalogOf(async (db) => {
      for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema))) await db.exec(statement)
    })
    expect({ onlyInMigrations: migrated.filter((line) => !declared.includes(line)) }).toEqual({ onlyInMigrations: [] })
    expect({ onlyInSchemaTs: declared.filter((line) => !migrated.includes(line)) }).toEqual({ onlyInSchemaTs: [] })
    // Two PGlite databases built from scratch: about 10 s alone, three times that beside the rest of the suite.
  }, 120_000)
})
