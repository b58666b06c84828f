// Owns turning the stored scan days into the Dashboard's 30-day series: one entry per UTC day, missing days as zeros.
import { SCAN_DAYS_DEFAULT, type ScanDay } from '../../contract/scans.ts'

export type ScanSeries = {
  /** Oldest first, exactly `length` consecutive UTC days ending at the series' last day. */
  days: ScanDay[]
  totalScans: number
  /** The sum of each day's distinct visitors: a visitor of two days counts twice (nothing links one day to the next). */
  totalVisitors: number
}

const DAY_MS = 86_400_000

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10)
}

function shiftDay(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS))
}

/**
 * The `length` days ending today (UTC), filled from `stored`. The feed sent its window as of the last sync, so offline
 * on a later day the older days fall out and the new ones read as zero. A device clock behind the server's must not
 * hide counts the server already has, so the series ends at the newest stored day when that is later than today.
 */
export function scanSeries(stored: readonly ScanDay[], today: string, length: number = SCAN_DAYS_DEFAULT): ScanSeries {
  const byDay = new Map(stored.map((entry) => [entry.day, entry]))
  const newestStored = stored.reduce<string | undefined>((newest, entry) => (newest === undefined || entry.day > newest ? entry.day : newest), undefined)
  const last = newestStored !== undefined && newestStored > today ? newestStored : today
  const days: ScanDay[] = []
  for (let back = length - 1; back >= 0; back -= 1) {
    const day = shiftDay(last, -back)
    const entry = byDay.get(day)
    days.push({ day, scans: entry?.scans ?? 0, visitors: entry?.visitors ?? 0 })
  }
  return {
    days,
    totalScans: days.reduce((sum, entry) => sum + entry.scans, 0),
    totalVisitors: days.reduce((sum, entry) => sum + entry.visitors, 0),
  }
}
