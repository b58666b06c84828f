// The owner's daily scan counts as the Dashboard, the stats route, the sync feed and the export read them (decision 105).
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { ScanDay, ScanStats } from '../../src/contract/scans.ts'
import type { Db } from '../db/client.ts'
import { scanDays } from '../db/schema.ts'
import { utcDay } from './scan-counter.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The last `days` UTC days up to today, oldest first: the days an answer lists, with or without scans. */
function lastDays(days: number, now: Date): string[] {
  const todayMs = Date.parse(`${utcDay(now.getTime())}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => utcDay(todayMs - (days - 1 - i) * DAY_MS))
}

/** The owner's counts of the last `days` days (all their profiles added up; today's last seconds may still be in memory). */
export async function scanDaysOf(db: Db, userId: string, days: number, now: Date, profileId?: string): Promise<ScanDay[]> {
  const window = lastDays(days, now)
  const rows = await db
    .select({ day: scanDays.day, scans: sql<number>`sum(${scanDays.scans})::int`, visitors: sql<number>`sum(${scanDays.visitors})::int` })
    .from(scanDays)
    .where(
      and(
        eq(scanDays.userId, userId),
        profileId === undefined ? undefined : eq(scanDays.profileId, profileId),
        gte(scanDays.day, window[0] ?? ''),
        lte(scanDays.day, window.at(-1) ?? ''),
      ),
    )
    .groupBy(scanDays.day)
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return window.map((day) => ({ day, scans: Number(byDay.get(day)?.scans ?? 0), visitors: Number(byDay.get(day)?.visitors ?? 0) }))
}

export function scanStatsOf(days: ScanDay[]): ScanStats {
  return {
    days,
    totalScans: days.reduce((sum, day) => sum + day.scans, 0),
    totalVisitors: days.reduce((sum, day) => sum + day.visitors, 0),
  }
}

/** Every day ever counted, oldest first, for the owner's export. */
export async function allScanDaysOf(db: Db, userId: string): Promise<ScanDay[]> {
  const rows = await db
    .select({ day: scanDays.day, scans: sql<number>`sum(${scanDays.scans})::int`, visitors: sql<number>`sum(${scanDays.visitors})::int` })
    .from(scanDays)
    .where(eq(scanDays.userId, userId))
    .groupBy(scanDays.day)
    .orderBy(asc(scanDays.day))
  return rows.map((row) => ({ day: row.day, scans: Number(row.scans), visitors: Number(row.visitors) }))
}
