// Owns the one statement a scan counter's flush runs (decisions 105, 128): report keys counted once, a visitor's scans
// of a profile once per 30 minutes, at most the per-address limit on all servers together, counts added, finished
// days' hashes deleted; safe with several servers writing at once.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { SCAN_REPORT_MAX_AGE_DAYS } from '../../src/contract/scans.ts'
import { addressKey } from '../http/client-address.ts'
import { type Limit, rateLimitKey } from '../http/rate-limit.ts'
import type { Pending } from './pending-scans.ts'
import type { ScanInput } from './scan-rules.ts'

/** What the flush hashes to tell a visitor apart within a profile's day (its parts stay in memory until then). */
export function visitorKey(input: Pick<ScanInput, 'profileId' | 'clientAddress' | 'userAgent'>): string {
  return `${input.profileId}\u0000${input.clientAddress}\u0000${input.userAgent}`
}

/** What scan_visitors keeps: sha256(day's salt, profile, address, agent); the salt is in no table (decision 127). */
export function visitorHash(salt: Uint8Array, key: string): Buffer {
  return createHash('sha256').update(salt).update(key).digest()
}

/** The rate-limit bucket of counted scans per address, in the shared table `rate_limits`. */
export const SCAN_ADDRESS_BUCKET = 'scan-address'

/** One scan the batch holds: its profile's day, its visitor's hash (none without the day's salt), its address's limit key. */
type Row = { profile_id: string; day: string; hash: string | null; addr: string; at_ms: number; visitor: boolean; vid: number; report_key: string | null }

export type FlushInput = {
  batch: Pending[]
  today: string
  /** The salts this server holds, by day: today's, and a finished day's until its scans are written. */
  salts: ReadonlyMap<string, Uint8Array>
  limit: { secret: string; namespace: string; perAddress: Limit }
  /** Wall clock for the limit's window, as every other shared limit (decision 075). */
  nowMs: number
  /**
   * Also delete limit rows expired for an hour (the first flush of a day): rate-limiter-flexible sweeps them only where
   * a PostgreSQL limiter runs, and the embedded database has none.
   */
  sweep?: boolean
}

function rowsOf({ batch, salts, limit }: FlushInput): Row[] {
  const rows: Row[] = []
  const limitKeys = new Map<string, string>()
  let vid = 0
  for (const entry of batch) {
    const salt = salts.get(entry.day)
    for (const [clientAddress, agents] of entry.visitors) {
      const bucket = addressKey(clientAddress)
      let addr = limitKeys.get(bucket)
      if (addr === undefined) {
        addr = rateLimitKey(limit.secret, limit.namespace, SCAN_ADDRESS_BUCKET, bucket)
        limitKeys.set(bucket, addr)
      }
      for (const [userAgent, visit] of agents) {
        vid += 1
        const hash = salt ? visitorHash(salt, visitorKey({ profileId: entry.profileId, clientAddress, userAgent })).toString('hex') : null
        visit.times.forEach((at, i) => {
          rows.push({ profile_id: entry.profileId, day: entry.day, hash, addr, at_ms: at, visitor: visit.visitor, vid, report_key: visit.keys[i] ?? null })
        })
      }
    }
  }
  return rows
}

/**
 * One statement, so a failed flush wrote nothing. In order: a report whose key was counted before drops out; a scan
 * within 30 minutes of the visitor's last counted one (today's stored hash) drops out; each address takes what is left
 * of its allowance in `rate_limits`, oldest scans first; today's visitors are written with their last counted time (a
 * visitor another server wrote meanwhile is re-checked by the conditional update, so it counts once); the counts are
 * added; finished days' hashes, expired report keys and (once a day) expired limit rows are deleted.
 */
export function flushStatement(input: FlushInput) {
  const { today, limit, nowMs, sweep = false } = input
  const rows = JSON.stringify(rowsOf(input))
  const keepKeysFrom = new Date(Date.parse(today) - (SCAN_REPORT_MAX_AGE_DAYS + 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  return sql`
    with cand as (
      select * from json_to_recordset(${rows}::json)
        as c(profile_id uuid, day date, hash text, addr text, at_ms bigint, visitor boolean, vid int, report_key uuid)
    ), fresh_keys as (
      insert into scan_report_keys (key, day) select report_key, day from cand where report_key is not null order by report_key
      on conflict do nothing returning key
    ), known as (
      select c.*, decode(c.hash, 'hex') as digest, to_timestamp(c.at_ms / 1000.0) as at from cand c
      where c.report_key is null or exists (select 1 from fresh_keys k where k.key = c.report_key)
    ), eligible as (
      select k.*, v.hash is null as first_visit from known k
      left join scan_visitors v on k.digest is not null and v.day = k.day and v.hash = k.digest
      where v.last_counted_at is null or k.at >= v.last_counted_at + interval '30 minutes'
    ), wanted as (
      select addr, count(*)::int as n from eligible group by addr
    ), quota as (
      insert into rate_limits as r (key, points, expire)
      select addr, n, ${nowMs + limit.perAddress.windowMs}::bigint from wanted order by addr
      on conflict (key) do update set
        points = case when r.expire is null or r.expire <= ${nowMs}::bigint then excluded.points else r.points + excluded.points end,
        expire = case when r.expire is null or r.expire <= ${nowMs}::bigint then excluded.expire else r.expire end
      returning key, points
    ), admitted as (
      select e.* from (select e.*, row_number() over (partition by e.addr order by e.at, e.vid) as rn from eligible e) e
      join quota q on q.key = e.addr join wanted w on w.addr = e.addr
      where e.rn <= ${limit.perAddress.max} - (q.points - w.n)
    ), visits as (
      select profile_id, day, digest, min(at) as first_at, max(at) as last_at, count(*)::int as n
      from admitted where day = ${today}::date and digest is not null group by profile_id, day, digest
    ), written as (
      insert into scan_visitors as v (day, hash, last_counted_at) select day, digest, last_at from visits order by digest
      on conflict (day, hash) do update set last_counted_at = excluded.last_counted_at
        where v.last_counted_at + interval '30 minutes' <= (select s.first_at from visits s where s.day = excluded.day and s.digest = excluded.hash)
      returning day, hash, (xmax = 0) as inserted
    ), today_counts as (
      select s.profile_id, s.day, sum(s.n)::int as scans, (count(*) filter (where w.inserted))::int as visitors
      from written w join visits s on s.day = w.day and s.digest = w.hash group by s.profile_id, s.day
    ), other_counts as (
      select a.profile_id, a.day, count(*)::int as scans, (count(distinct a.vid) filter (where a.visitor and a.first_visit))::int as visitors
      from admitted a where not (a.day = ${today}::date and a.digest is not null) group by a.profile_id, a.day
    ), counts as (
      select profile_id, day, sum(scans)::int as scans, sum(visitors)::int as visitors
      from (select * from today_counts union all select * from other_counts) u group by profile_id, day
    ), finished_hashes as (
      delete from scan_visitors where day < ${today}::date
    ), old_keys as (
      delete from scan_report_keys where day < ${keepKeysFrom}::date
    ), expired_limits as (
      delete from rate_limits where ${sweep} and expire < ${nowMs - 60 * 60 * 1000}::bigint and key not in (select addr from wanted)
    )
    insert into scan_days (profile_id, user_id, day, scans, visitors)
    select c.profile_id, p.user_id, c.day, c.scans, c.visitors
    from counts c
    join profiles p on p.id = c.profile_id
    order by c.profile_id, c.day
    on conflict (profile_id, day) do update
      set scans = scan_days.scans + excluded.scans, visitors = scan_days.visitors + excluded.visitors`
}
