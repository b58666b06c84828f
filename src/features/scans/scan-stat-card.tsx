// Owns the Dashboard's 'Scans' stat card: scans of the last 30 days, with the days' unique visitors beneath (summed
// day by day: nothing links a visitor of one day to the next, decision 105).
import { ActionIcon, Group, Paper, Skeleton, Text, Tooltip } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { OwnerDatabase } from '../../local/db.ts'
import { useScanSeries } from './use-scan-series.ts'

export const NO_SCANS_TEXT = 'No scans yet — share your QR code'
export const UNIQUE_VISITORS_HELP =
  'Different people who opened your page on a day, each counted once that day. Someone who comes back on another day counts again.'

/** What 'unique visitors' means, behind an info button a finger can tap (issue 23). */
export function UniqueVisitorsHelp() {
  return (
    <Tooltip label={UNIQUE_VISITORS_HELP} multiline w={260} events={{ hover: true, focus: true, touch: true }} withArrow>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label="What are unique visitors?">
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  )
}

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
          {series.totalScans === 0 ? (
            <Text size="xs" c="dimmed">
              {NO_SCANS_TEXT}
            </Text>
          ) : (
            <Group gap={2} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {`${series.totalVisitors} unique ${series.totalVisitors === 1 ? 'visitor' : 'visitors'} · last 30 days`}
              </Text>
              <UniqueVisitorsHelp />
            </Group>
          )}
        </>
      )}
    </Paper>
  )
}
