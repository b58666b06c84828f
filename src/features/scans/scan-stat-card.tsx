// Owns the Dashboard's 'Scans' stat card: scans of the last 30 days, with the days' unique visitors beneath (summed
// day by day: nothing links a visitor of one day to the next, decision 105).
import { Paper, Skeleton, Text } from '@mantine/core'
import type { OwnerDatabase } from '../../local/db.ts'
import { useScanSeries } from './use-scan-series.ts'

export const NO_SCANS_TEXT = 'No scans yet — share your QR code'

export function ScanStatCard({ db }: { db: OwnerDatabase }) {
  const series = useScanSeries(db)
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        Scans
      </Text>
      {series === null ? (
        <Skeleton height={30} mt={4} width="50%" />
      ) : (
        <>
          <Text fz={28} fw={700} aria-label={`Scans: ${series.totalScans}`}>
            {series.totalScans}
          </Text>
          <Text size="xs" c="dimmed">
            {series.totalScans === 0 ? NO_SCANS_TEXT : `${series.totalVisitors} daily unique ${series.totalVisitors === 1 ? 'visitor' : 'visitors'} · last 30 days`}
          </Text>
        </>
      )}
    </Paper>
  )
}
