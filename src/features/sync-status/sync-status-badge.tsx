// Owns the header's sync indicator: an icon with the pending (or failed) count, the words from tablets up, and a tap
// that opens the details and the list of sync problems (issue 23: the words no longer fit a phone's header).
import { Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCloud, IconCloudExclamation, IconCloudOff, IconRefresh } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { localSyncStatusQuery } from '../../local/queries.ts'
import { describeSyncStatus } from '../../sync/status.ts'
import { useNoticeToasts } from './notice-toasts.ts'
import { badgeAccessibleName, badgeCount, badgeLook, badgeText } from './sync-badge.ts'
import classes from './sync-status-badge.module.css'
import { SyncProblems, type SyncActions } from './sync-problems.tsx'

const ICONS = { offline: IconCloudOff, syncing: IconRefresh, cloud: IconCloud, notice: IconCloudExclamation }

export function SyncStatusBadge({ sync }: { sync: SyncActions }) {
  const { db } = sync
  const { online } = useNetwork()
  const status = useLiveQuery(() => localSyncStatusQuery(db), [db])
  // Controlled, so opening a refused change's form closes it rather than leaving it over the form.
  const [opened, setOpened] = useState(false)
  useNoticeToasts(status?.notices)
  if (!status) return null
  const indicator = describeSyncStatus(status, online)
  const noticeCount = status.notices.length
  const look = badgeLook(indicator, noticeCount)
  const Icon = ICONS[look.icon]
  const count = badgeCount(indicator, status.pendingCount, noticeCount)

  return (
    <Popover width={340} position="bottom-end" shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <UnstyledButton onClick={() => setOpened((open) => !open)} className={classes.root} data-color={look.color} data-sync-badge aria-label={badgeAccessibleName(indicator, noticeCount)}>
          <Icon size={20} aria-hidden />
          {count > 0 ? (
            <span className={classes.count} aria-hidden>
              {count}
            </span>
          ) : null}
          <span className={classes.label} aria-hidden>
            {badgeText(indicator, noticeCount)}
          </span>
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
              {indicator.state === 'offline'
                ? 'Your changes are saved on this device and sent when you are online.'
                : 'Your changes are saved on this device first, and sent by themselves as soon as the server takes them.'}
            </Text>
          ) : (
            <SyncProblems sync={sync} onOpenFix={() => setOpened(false)} />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
