// Owns the header's sync indicator: a badge with the sync state that opens the list of sync problems.
import { Badge, Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCloud, IconCloudOff, IconRefresh } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { localSyncStatusQuery } from '../../local/queries.ts'
import { describeSyncStatus } from '../../sync/status.ts'
import { badgeAccessibleName, badgeLook } from './sync-badge.ts'
import { SyncProblems, type SyncActions } from './sync-problems.tsx'

const ICONS = { offline: IconCloudOff, syncing: IconRefresh, cloud: IconCloud }

export function SyncStatusBadge({ sync }: { sync: SyncActions }) {
  const { db } = sync
  const { online } = useNetwork()
  const status = useLiveQuery(() => localSyncStatusQuery(db), [db])
  if (!status) return null
  const indicator = describeSyncStatus(status, online)
  const look = badgeLook(indicator)
  const Icon = ICONS[look.icon]

  return (
    <Popover width={340} position="bottom-end" shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={badgeAccessibleName(indicator, status.notices.length)}>
          <Badge color={look.color} variant="light" leftSection={<Icon size={14} aria-hidden />}>
            {indicator.failedCount > 0 ? `${indicator.label} · ${indicator.failedCount} failed` : indicator.label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm">{indicator.label}</Text>
          {status.syncState.message ? (
            <Text size="xs" c="dimmed">
              {status.syncState.message}
            </Text>
          ) : null}
          {indicator.failedCount + status.notices.length === 0 ? (
            <Text size="xs" c="dimmed">
              Your changes are saved on this device and sent when you are online.
            </Text>
          ) : (
            <SyncProblems sync={sync} />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
