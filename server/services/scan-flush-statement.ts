// Owns the one statement a scan counter's flush runs (decision 105): visitors hashed under their day's salt, counts
// added, finished days' salts and hashes deleted, safe with several servers writing at once.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Pending } from './scan-counter.ts'
import type { ScanInput } from './scan-rules.ts'

/** What the flush hashes to tell a visitor apart within a profile's day (its parts stay in memory until then). */
export function visitorKey(input: Pick<ScanInput, 'profileId' | 'clientAddress' | 'userAgent'>): string {
  return `${input.profileId}\u0000${input.clientAddress}\u0000${input.userAgent}`
}

/** What scan_visitors keeps: sha256(day's salt, profile, address, agent), not recomputable once the salt is deleted. */
export function visitorHash(salt: Uint8Array, key: string): Buffer {
  return createHash('sha256').update(salt).update(key).digest()
}

const list = (values: (string | number)[]) => values.join(',')

type Seen = { profileId: string; day: string; hash: string }

/**
 * One statement: today's salted hashes go into scan_visitors (a hash another server already wrote counts nothing), the
 * counts are added to scan_days, and the hashes and salts of finished days are deleted. Rows are sorted so two servers
 * writing the same keys lock them in the same order. A finished day's visitors (a flush just past midnight) are checked
 * against that day's stored hashes, which the statement still sees as it deletes them; without that day's salt (another
 * server cleaned up first) a day adds this server's own distinct visitors, their keys never leaving memory.
 */
export function upsertStatement(batch: Pending[], today: string, salts: ReadonlyMap<string, Uint8Array>) {
  const rows = [...batch].sort((a, b) => (a.profileId + a.day < b.profileId + b.day ? -1 : 1))
  const hashed: Seen[] = []
  for (const entry of rows) {
    const salt = salts.get(entry.day)
    if (!salt) continue
    for (const [clientAddress, agents] of entry.visitors) {
      for (const userAgent of agents) {
        const hash = visitorHash(salt, visitorKey({ profileId: entry.profileId, clientAddress, userAgent })).toString('hex')
        hashed.push({ profileId: entry.profileId, day: entry.day, hash })
      }
    }
  }
  hashed.sort((a, b) => (a.hash < b.hash ? -1 : 1))
  const local = rows.map((entry) => (salts.has(entry.day) ? 0 : entry.distinct))
  return sql`
    with counts as (
      select * from unnest(
        string_to_array(${list(rows.map((r) => r.profileId))}, ',')::uuid[],
        string_to_array(${list(rows.map((r) => r.day))}, ',')::date[],
        string_to_array(${list(rows.map((r) => r.scans))}, ',')::int[],
        string_to_array(${list(local)}, ',')::int[]
      ) as c(profile_id, day, scans, visitors)
    ), hashed as (
      select h.profile_id, h.day, decode(h.hash, 'hex') as hash from unnest(
        string_to_array(${list(hashed.map((h) => h.profileId))}, ',')::uuid[],
        string_to_array(${list(hashed.map((h) => h.day))}, ',')::date[],
        string_to_array(${list(hashed.map((h) => h.hash))}, ',')
      ) as h(profile_id, day, hash)
    ), fresh as (
      insert into scan_visitors (day, hash) select day, hash from hashed where day = ${today}::date on conflict do nothing returning day, hash
    ), fresh_counts as (
      select hashed.profile_id, hashed.day, count(*)::int as n from fresh join hashed on hashed.day = fresh.day and hashed.hash = fresh.hash
      group by hashed.profile_id, hashed.day
    ), late_counts as (
      select h.profile_id, h.day, count(*)::int as n from hashed h
      where h.day < ${today}::date and not exists (select 1 from scan_visitors v where v.day = h.day and v.hash = h.hash)
      group by h.profile_id, h.day
    ), finished_hashes as (
      delete from scan_visitors where day < ${today}::date
    ), finished_salts as (
      delete from scan_salts where day < ${today}::date
    )
    insert into scan_days (profile_id, user_id, day, scans, visitors)
    select c.profile_id, p.user_id, c.day, c.scans, c.visitors + coalesce(f.n, 0) + coalesce(l.n, 0)
    from counts c
    join profiles p on p.id = c.profile_id
    left join fresh_counts f on f.profile_id = c.profile_id and f.day = c.day
    left join late_counts l on l.profile_id = c.profile_id and l.day = c.day
    order by c.profile_id, c.day
    on conflict (profile_id, day) do update
      set scans = scan_days.scans + excluded.scans, visitors = scan_days.visitors + excluded.visitors`
}
