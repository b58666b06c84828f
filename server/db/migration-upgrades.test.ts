// Every migration is tested on a database that holds data of the version before it; a new migration without a row
// here (or a dedicated file named in COVERED_ELSEWHERE) fails the first test.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const migrationsFolder = path.join(here, 'migrations')
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
const tags = journal.entries.map((entry) => entry.tag)

const USER = '00000000-0000-4000-8000-000000000001'
const PROFILE = '00000000-0000-4000-8000-000000000002'
const FAMILY = '00000000-0000-4000-8000-000000000003'
const GOOGLE_ONLY = '00000000-0000-4000-8000-000000000005'

/** The owner every case starts from, in the columns the first migration made. */
const OWNER = [
  `insert into users (id, username, email, password_hash) values ('${USER}', 'Alice', 'alice@example.com', 'x')`,
  `insert into profiles (id, user_id, shareable_id) values ('${PROFILE}', '${USER}', 'AbC234defg')`,
]

type Upgrade = {
  /** Rows written at the version before the migration, beside OWNER. */
  before?: string[]
  /** What must hold once the migration ran over them. */
  after: (db: PGlite) => Promise<void>
}

const rows = async (db: PGlite, query: string) => (await db.query<Record<string, unknown>>(query)).rows

/** Migrations whose upgrade is tested in a file of its own. */
const COVERED_ELSEWHERE: Record<string, string> = {
  '0000_init': 'the first migration has no version before it; every case below starts from it',
  '0006_google_sign_in': 'google-sign-in-migration.test.ts',
  '0008_orders': 'orders-migration.test.ts',
}

const UPGRADES: Record<string, Upgrade> = {
  '0001_refresh_token_family_start': {
    before: [
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) values
        ('${USER}', '${FAMILY}', 'h1', now() + interval '30 days', '2026-01-01T00:00:00Z'),
        ('${USER}', '${FAMILY}', 'h2', now() + interval '30 days', '2026-01-05T00:00:00Z')`,
    ],
    after: async (db) => {
      const started = await rows(db, `select distinct family_started_at::text as s from refresh_tokens`)
      expect(started).toEqual([{ s: '2026-01-01 00:00:00+00' }])
    },
  },
  '0002_rate_limits': {
    after: async (db) => {
      expect(await rows(db, `select count(*)::int as n from rate_limits`)).toEqual([{ n: 0 }])
      expect(await rows(db, `select username from users`)).toEqual([{ username: 'Alice' }])
    },
  },
  '0003_public_addresses': {
    after: async (db) => {
      expect(await rows(db, `select address, kind from public_addresses order by kind`)).toEqual([
        { address: 'abc234defg', kind: 'shareable_id' },
        { address: 'alice', kind: 'username' },
      ])
    },
  },
  '0004_retired_addresses': {
    before: [
      `insert into public_addresses (address, user_id, kind) values ('abc234defg', '${USER}', 'shareable_id'), ('alice', '${USER}', 'username')`,
    ],
    after: async (db) => {
      await db.exec(`delete from profiles; delete from users`)
      expect(await rows(db, `select address, user_id from public_addresses order by address`)).toEqual([
        { address: 'abc234defg', user_id: null },
        { address: 'alice', user_id: null },
      ])
    },
  },
  '0005_support_messages': {
    after: async (db) => {
      await db.exec(`insert into support_messages (name, email, message, captcha, mail_status) values ('A', 'a@example.com', 'Hello there', 'none', 'pending')`)
      expect(await rows(db, `select mail_attempts from support_messages`)).toEqual([{ mail_attempts: 0 }])
    },
  },
  '0007_client_mutations_and_sync_epoch': {
    after: async (db) => {
      expect(await rows(db, `select sync_epoch from users`)).toEqual([{ sync_epoch: 0 }])
      const [epoch] = await rows(db, `select id, length(epoch) as n from sync_epoch`)
      expect(epoch).toEqual({ id: 1, n: 12 })
      await expect(db.exec(`insert into sync_epoch (id, epoch) values (2, 'x')`)).rejects.toThrow()
    },
  },
  '0009_idempotency_owner': {
    before: [`insert into idempotency_keys (scope, key, request_hash, status) values ('public:x', 'k1', 'h', 201)`],
    after: async (db) => {
      expect(await rows(db, `select scope, owner_id from idempotency_keys`)).toEqual([{ scope: 'public:x', owner_id: null }])
    },
  },
  '0010_public_profile_notify_triggers': {
    after: async (db) => {
      const heard: string[] = []
      await db.listen('qrtee_public_profile', (payload) => heard.push(payload))
      await db.exec(`update profiles set description = 'Hi' where id = '${PROFILE}'`)
      await expect.poll(() => heard).toContain(`p:${PROFILE}`)
    },
  },
  '0011_scan_counts': {
    after: async (db) => {
      await db.exec(`insert into scan_days (profile_id, user_id, day, scans, visitors) values ('${PROFILE}', '${USER}', '2026-01-01', 3, 2)`)
      await db.exec(`delete from profiles; delete from users`)
      expect(await rows(db, `select count(*)::int as n from scan_days`)).toEqual([{ n: 0 }])
    },
  },
  '0012_print_files': {
    after: async (db) => {
      await db.exec(`insert into print_files (user_id, url, png) values ('${USER}', 'http://localhost/profile/abc234defg', '\\x89504e47')`)
      await db.exec(`delete from profiles; delete from users`)
      expect(await rows(db, `select count(*)::int as n from print_files`)).toEqual([{ n: 0 }])
    },
  },
  '0013_scan_privacy': {
    before: [
      `insert into scan_salts (day, salt) values ('2026-01-01', '\\x00')`,
      `insert into scan_visitors (day, hash) values ('2026-01-01', '\\x01')`,
      `insert into idempotency_keys (scope, key, request_hash, status) values ('public:203.0.113.7', 'k1', 'h', 201), ('${USER}', 'k2', 'h', 201)`,
      `insert into rate_limits (key, points) values ('plain-sha256', 3)`,
    ],
    after: async (db) => {
      expect(await rows(db, `select to_regclass('scan_salts') as t`)).toEqual([{ t: null }])
      expect(await rows(db, `select count(*)::int as n from scan_visitors where last_counted_at is not null`)).toEqual([{ n: 1 }])
      expect(await rows(db, `select scope from idempotency_keys`)).toEqual([{ scope: USER }])
      expect(await rows(db, `select count(*)::int as n from rate_limits`)).toEqual([{ n: 0 }])
    },
  },
  '0014_accounts': {
    before: [
      `insert into users (id, username, email, password_hash) values ('${GOOGLE_ONLY}', 'Gina', 'gina@example.com', null)`,
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, family_started_at) values ('${USER}', '${FAMILY}', 'h1', now() + interval '30 days', now())`,
    ],
    after: async (db) => {
      // A password account proves its mailbox anew; one Google made was created from a verified Google email.
      expect(await rows(db, `select username, email_verified_at is not null as verified from users order by username`)).toEqual([
        { username: 'Alice', verified: false },
        { username: 'Gina', verified: true },
      ])
      expect(await rows(db, `select token_hash, device_name, revoked_reason from refresh_tokens`)).toEqual([
        { token_hash: 'h1', device_name: null, revoked_reason: null },
      ])
    },
  },
  '0015_purchase_messages_and_undo': {
    before: [
      `insert into wishlist_items (id, user_id, profile_id, name, brand, description, price, is_purchased) values ('00000000-0000-4000-8000-000000000004', '${USER}', '${PROFILE}', 'Tea', 'Leaf', 'A fine green tea', 12.5, true)`,
      `insert into purchase_records (user_id, wishlist_item_id, price_at_purchase) values ('${USER}', '00000000-0000-4000-8000-000000000004', 12.5)`,
    ],
    after: async (db) => {
      expect(await rows(db, `select visitor_message, undone_at from purchase_records`)).toEqual([{ visitor_message: null, undone_at: null }])
      const again = `insert into purchase_records (user_id, wishlist_item_id, price_at_purchase) values ('${USER}', '00000000-0000-4000-8000-000000000004', 12.5)`
      await expect(db.exec(again)).rejects.toThrow()
      await db.exec(`update purchase_records set undone_at = now()`)
      await db.exec(again)
      expect(await rows(db, `select count(*)::int as n from purchase_records`)).toEqual([{ n: 2 }])
    },
  },
  '0016_provider_cancellations': {
    before: [],
    after: async (db) => {
      expect(await rows(db, `select count(*)::int as n from provider_cancellations`)).toEqual([{ n: 0 }])
      await db.exec(`insert into provider_cancellations (provider, provider_order_id) values ('printful', '42')`)
      await expect(db.exec(`insert into provider_cancellations (provider, provider_order_id) values ('printful', '42')`)).rejects.toThrow()
    },
  },
  '0017_notifications': {
    after: async (db) => {
      // An existing owner is mailed about gifts and orders until they say otherwise.
      expect(await rows(db, `select email_on_gift, email_on_order from profiles`)).toEqual([{ email_on_gift: true, email_on_order: true }])
      await db.exec(`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ('${USER}', 'https://fcm.googleapis.com/x', 'k', 'a')`)
      await expect(db.exec(`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ('${USER}', 'https://fcm.googleapis.com/x', 'k', 'a')`)).rejects.toThrow()
      await db.exec(`insert into notification_events (user_id, kind, payload) values ('${USER}', 'gift', '{}')`)
      expect(await rows(db, `select status from notification_events`)).toEqual([{ status: 'pending' }])
      // The account's deletion takes its subscriptions and events with it.
      await db.exec(`delete from profiles; delete from users`)
      expect(await rows(db, `select (select count(*) from push_subscriptions)::int as s, (select count(*) from notification_events)::int as e`)).toEqual([{ s: 0, e: 0 }])
    },
  },
  '0018_push_deliveries_by_owner': {
    before: [
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ('00000000-0000-4000-8000-000000000005', '${USER}', 'https://fcm.googleapis.com/y', 'k', 'a')`,
      `insert into push_deliveries (user_id, subscription_id, payload, topic) values ('${USER}', '00000000-0000-4000-8000-000000000005', '{}', 't')`,
    ],
    after: async (db) => {
      // An index only: the waiting push stays, and the owner's deletion still takes it.
      expect(await rows(db, `select topic from push_deliveries`)).toEqual([{ topic: 't' }])
      expect(await rows(db, `select indexname from pg_indexes where indexname = 'push_deliveries_user_idx'`)).toEqual([{ indexname: 'push_deliveries_user_idx' }])
      await db.exec(`delete from profiles; delete from users`)
      expect(await rows(db, `select count(*)::int as n from push_deliveries`)).toEqual([{ n: 0 }])
    },
  },
  '0019_sessions_valid_from': {
    after: async (db) => {
      // Existing owners keep their sessions: no cut until a password reset sets one.
      expect(await rows(db, `select username, sessions_valid_from from users`)).toEqual([{ username: 'Alice', sessions_valid_from: null }])
    },
  },
}

const folders: string[] = []
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A copy of the migrations whose journal ends at `count` entries. */
function migrationsUpTo(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrtee-upgrade-'))
  folders.push(dir)
  cpSync(migrationsFolder, dir, { recursive: true })
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }))
  return dir
}

describe('migration upgrades', () => {
  it('every migration has an upgrade test', () => {
    const missing = tags.filter((tag) => !(tag in UPGRADES) && !(tag in COVERED_ELSEWHERE))
    expect(missing, 'add a row to UPGRADES for each new migration').toEqual([])
    for (const file of Object.values(COVERED_ELSEWHERE).filter((f) => f.endsWith('.ts'))) expect(existsSync(path.join(here, file))).toBe(true)
    expect(Object.keys(UPGRADES).filter((tag) => !tags.includes(tag))).toEqual([])
  })

  it.each(Object.entries(UPGRADES))('%s keeps and upgrades the data of the version before it', async (tag, upgrade) => {
    const index = tags.indexOf(tag)
    const db = await PGlite.create('memory://')
    try {
      await migrate(drizzle(db), { migrationsFolder: migrationsUpTo(index) })
      for (const statement of [...OWNER, ...(upgrade.before ?? [])]) await db.exec(statement)
      await migrate(drizzle(db), { migrationsFolder: migrationsUpTo(index + 1) })
      await upgrade.after(db)
    } finally {
      await db.close()
    }
  })
})
