// Owns the Dashboard's live read of the stored scan days (filled by the sync pull), as the 30-day series.
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import type { ScanDay } from '../../contract/scans.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { scanSeries, utcDay, type ScanSeries } from './scan-series.ts'

/** Null while the first read runs; a read that fails shows as no scans rather than breaking the Dashboard. */
export function useScanSeries(db: OwnerDatabase): ScanSeries | null {
  const stored = useLiveQuery(() => db.scanDays.toArray().catch((): ScanDay[] => []), [db])
  const today = utcDay(new Date())
  return useMemo(() => (stored ? scanSeries(stored, today) : null), [stored, today])
}
