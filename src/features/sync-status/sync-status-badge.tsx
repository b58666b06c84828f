// Owns the header's sync indicator: a badge with the sync state that opens the list of sync problems.
import { Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconAlertTriangle, IconCloud, IconCloudOff, IconRefresh } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { OwnerDatabase } from '../../local/db.ts'
import { localSyncStatusQuery } from '../../local/queries.ts'
import { syncBadge } from './sync-badge.ts'
import { SyncProblems } from './sync-problems.tsx'

export function SyncStatusBadge({ db }: { db: OwnerDatabase }) {
  const { online } = useNetwork()
  const status = useLiveQuery(() => localSyncStatusQuery(db), [db])
  if (!status) return null
  const badge = syncBadge({ online, ...status })
  const problemCount = status.failed.length + status.notices.length
  const Icon = !online ? IconCloudOff : status.syncState.phase === 'syncing' ? IconRefresh : IconCloud

  return (
    <Popover width={340} position="bottom-end" shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={`Sync status: ${badge.label}${problemCount ? `, ${problemCount} need attention` : ''}`}>
          <Group gap={4} wrap="nowrap">
            <Badge color={badge.color} variant="light" leftSection={<Icon size={14} aria-hidden />}>
              {badge.label}
            </Badge>
            {status.failed.length > 0 ? (
              <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                {status.failed.length} failed
              </Badge>
            ) : null}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm">{badge.label}</Text>
          {status.syncState.message ? (
            <Text size="xs" c="dimmed">
              {status.syncState.message}
            </Text>
          ) : null}
          {problemCount === 0 ? (
            <Text size="xs" c="dimmed">
              Your changes are saved on this device and sent when you are online.
            </Text>
          ) : (
            <SyncProblems db={db} />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
