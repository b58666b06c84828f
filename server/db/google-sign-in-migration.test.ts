// Migration 0006 (Google sign-in) on a database that already holds an account: the old row keeps its password hash,
// a password-less account can be stored, and linked identities and sign-in attempts have their tables and keys.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const TAG = '0006_google_sign_in'

/** A copy of the migrations folder whose journal ends just before 0006, as a database migrated before it saw it. */
function foldersBeforeAndAfter(): { before: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrtee-migration-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((entry) => entry.tag === TAG)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return { before: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('migration 0006_google_sign_in', () => {
  const folders = foldersBeforeAndAfter()
  afterAll(() => folders.cleanup())

  it('keeps existing password hashes, allows password-less accounts, and adds the identity and attempt tables', async () => {
    const client = await PGlite.create('memory://')
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: folders.before })
    await expect(client.query(`insert into users (username, email) values ('nopass', 'nopass@example.test')`)).rejects.toThrow(/password_hash/)
    await client.query(`insert into users (username, email, password_hash) values ('before', 'before@example.test', '$argon2id$old')`)

    await migrate(db, { migrationsFolder })

    const kept = await client.query<{ password_hash: string | null }>(`select password_hash from users where username = 'before'`)
    expect(kept.rows).toEqual([{ password_hash: '$argon2id$old' }])
    const google = await client.query<{ id: string }>(`insert into users (username, email) values ('googler', 'g@example.test') returning id`)
    const userId = google.rows[0]?.id
    await client.query(`insert into linked_identities (provider, subject, user_id, email) values ('google', 'sub-1', $1, 'g@example.test')`, [userId])
    // One owner per provider subject.
    await expect(
      client.query(`insert into linked_identities (provider, subject, user_id, email) values ('google', 'sub-1', $1, 'g@example.test')`, [userId]),
    ).rejects.toThrow(/duplicate key/)
    await client.query(
      `insert into oauth_sign_in_attempts (state_hash, nonce, code_verifier, sign_in_state, expires_at) values ('h', 'n', 'v', 's', now())`,
    )
    await expect(client.query(`insert into oauth_sign_in_attempts (state_hash, nonce, code_verifier, sign_in_state, expires_at) values ('h', 'n', 'v', 's', now())`)).rejects.toThrow(
      /duplicate key/,
    )
    // Deleting the owner removes their links with them.
    await client.query(`delete from users where id = $1`, [userId])
    expect((await client.query(`select * from linked_identities where subject = 'sub-1'`)).rows).toEqual([])
    await client.close()
  })
})
