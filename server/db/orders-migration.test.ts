// Migration 0008 (orders) on a database that already holds an account: the table arrives empty with its keys, one
// row per provider order and external id, and an owner's deletion takes their orders with them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const TAG = '0008_orders'

function folderBefore(): { before: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrtee-migration-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === TAG))
  writeFileSync(journalFile, JSON.stringify(journal))
  return { before: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

const insertOrder = (id: string, userId: string, providerOrderId: string, externalId: string): [string, string[]] =>
  [
    `insert into orders (id, user_id, provider, provider_order_id, external_id, status, recipient, lines, shipping_rate_id, shipping_name,
      subtotal_cents, shipping_cents, total_cents, currency) values ($1, $2, 'printful', $3, $4, 'draft', '{}'::jsonb, '[]'::jsonb,
      'STANDARD', 'Flat', 2450, 499, 2949, 'EUR')`,
    [id, userId, providerOrderId, externalId],
  ]

describe('migration 0008_orders', () => {
  const folders = folderBefore()
  afterAll(() => folders.cleanup())

  it('adds an empty orders table with its keys on a database that already has owners', async () => {
    const client = await PGlite.create('memory://')
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: folders.before })
    await expect(client.query('select 1 from orders')).rejects.toThrow(/orders/)
    const owner = await client.query<{ id: string }>(`insert into users (username, email, password_hash) values ('o', 'o@example.test', 'h') returning id`)
    const userId = owner.rows[0]?.id ?? ''

    await migrate(db, { migrationsFolder })

    expect((await client.query('select count(*)::int as n from orders')).rows).toEqual([{ n: 0 }])
    await client.query(...insertOrder('00000000-0000-4000-8000-000000000001', userId, '77', 'ext1'))
    const row = await client.query<{ seq: number; total_cents: number }>('select seq, total_cents from orders')
    expect(row.rows).toEqual([{ seq: 0, total_cents: 2949 }])
    await expect(client.query(...insertOrder('00000000-0000-4000-8000-000000000002', userId, '77', 'ext2'))).rejects.toThrow(/duplicate key/)
    await expect(client.query(...insertOrder('00000000-0000-4000-8000-000000000003', userId, '78', 'ext1'))).rejects.toThrow(/duplicate key/)
    await client.query('delete from users where id = $1', [userId])
    expect((await client.query('select count(*)::int as n from orders')).rows).toEqual([{ n: 0 }])
    await client.close()
  })
})
