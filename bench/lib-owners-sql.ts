// Many owners at once, by SQL (generate_series), for the scale bench and the query-plan test: owner n has username
// seed_n, email seed_n@seed.test, the password SEED_PASSWORD, a public wishlist with `items` items and both addresses.
import pg from 'pg'
import { hashPassword } from '../server/accounts/passwords.ts'

export const SEED_PASSWORD = 'seeded owner password'
export const seedUsername = (n: number) => `seed_${n}`
export const seedEmail = (n: number) => `seed_${n}@seed.test`
/** 'zz' and n in eight letters: the shape of a drawn shareableId (SHAREABLE_ID_PATTERN), never one of them by chance. */
export const seedShareableId = (n: number) => `zz${String(n).padStart(8, '0').replace(/\d/g, (d) => 'abcdefghjk'[Number(d)] ?? '')}`
/** How many seeded owners the database holds (they are numbered 1..count). */
export async function seededOwners(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from users where email like '%@seed.test'`)
  return Number(rows[0]?.n ?? 0)
}

// A million owners with ten items each is 10,000,000 rows: seeded in slices of this many owners, one transaction each.
const SLICE = 50_000

/**
 * Adds owners until `count` exist (numbered from the last one seeded), then refreshes the planner's statistics. Each
 * slice runs with the foreign-key triggers off (session_replication_role, as pg_restore does: the rows are consistent by
 * construction) and its items' ids in ascending order, so their primary key grows at its right edge instead of at
 * random pages: seeding 10,000,000 items at random uuids took over an hour.
 */
export async function seedOwners(client: pg.Client, count: number, items: number): Promise<void> {
  const first = (await seededOwners(client)) + 1
  const hash = first <= count ? await hashPassword(SEED_PASSWORD) : ''
  for (let from = first; from <= count; from += SLICE) {
    await seedSlice(client, from, Math.min(count, from + SLICE - 1), items, hash)
  }
  // A database of this many owners is not one just written: its dirty pages are checkpointed and its tables vacuumed
  // (visibility maps for index-only scans) before anything is measured, or the flush of the seed lands in the tail.
  await client.query(first <= count ? 'vacuum analyze' : 'analyze')
  await client.query('checkpoint').catch(() => undefined)
}

async function seedSlice(client: pg.Client, from: number, to: number, items: number, hash: string): Promise<void> {
  const shareable = `'zz' || translate(lpad(n::text, 8, '0'), '0123456789', 'abcdefghjk')`
  await client.query('begin')
  await client.query('set local synchronous_commit = off')
  // Needs a superuser (the bench's and the tests' databases): elsewhere the triggers simply stay on.
  await client.query('savepoint replica')
  await client.query('set local session_replication_role = replica').catch(() => client.query('rollback to savepoint replica'))
  await client.query(
    `insert into users (id, username, email, password_hash, change_seq)
     select md5('seed-user-' || n)::uuid, 'seed_' || n, 'seed_' || n || '@seed.test', $3, $4 from generate_series($1::int, $2::int) as n`,
    [from, to, hash, items + 1],
  )
  await client.query(
    `insert into profiles (id, user_id, shareable_id, description, contact_info, seq)
     select md5('seed-profile-' || n)::uuid, md5('seed-user-' || n)::uuid, ${shareable}, 'A seeded wishlist.', 'seed_' || n || '@seed.test', 1
     from generate_series($1::int, $2::int) as n`,
    [from, to],
  )
  await client.query(
    `insert into public_addresses (address, user_id, kind)
     select 'seed_' || n, md5('seed-user-' || n)::uuid, 'username' from generate_series($1::int, $2::int) as n
     union all
     select ${shareable}, md5('seed-user-' || n)::uuid, 'shareable_id' from generate_series($1::int, $2::int) as n`,
    [from, to],
  )
  // Item k of owner n: 5eed0000-nnnn-4nnn-8000-00000000kkkk in hex, ascending with n then k.
  await client.query(
    `insert into wishlist_items (id, user_id, profile_id, name, brand, description, price, seq)
     select ('5eed0000-' || substr(h, 1, 4) || '-4' || substr(h, 5, 3) || '-8000-' || lpad(to_hex(k), 12, '0'))::uuid,
            md5('seed-user-' || n)::uuid, md5('seed-profile-' || n)::uuid,
            'Seeded item ' || k, 'Brand', 'A seeded item to buy.', 10 + k, k + 1
     from generate_series($1::int, $2::int) as n, lpad(to_hex(n), 7, '0') as h, generate_series(1, $3::int) as k
     order by n, k`,
    [from, to, items],
  )
  await client.query('commit')
}

/** The ids of owner n's seeded items, as the database spells them. */
export async function seedItemIds(client: pg.Client, n: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(`select id from wishlist_items where user_id = md5('seed-user-' || $1::int)::uuid order by seq`, [n])
  return rows.map((row) => row.id)
}

/** Connects to `url`'s server and creates `name` there when it does not exist yet; answers its URL. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (rows.length === 0) await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}
