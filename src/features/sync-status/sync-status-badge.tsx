// Owns the header's sync indicator: an icon with the pending (or failed) count, the words from 992 px up, and a tap
// that opens the details and the list of sync problems (issue 23: the words no longer fit a phone's header).
import { Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCloud, IconCloudExclamation, IconCloudOff, IconRefresh } from '@tabler/icons-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { localSyncStatusQuery } from '../../local/queries.ts'
import { describeSyncStatus } from '../../sync/status.ts'
import { useNoticeToasts } from './notice-toasts.ts'
import { badgeAccessibleName, badgeCount, badgeLook, badgeText, moodAnnouncement, syncMood, type SyncMood } from './sync-badge.ts'
import classes from './sync-status-badge.module.css'
import { SyncProblems, type SyncActions } from './sync-problems.tsx'

const ICONS = { offline: IconCloudOff, syncing: IconRefresh, cloud: IconCloud, notice: IconCloudExclamation }

/** The words of the last change of state, kept in the live region until the next one. */
function useMoodAnnouncement(mood: SyncMood | null): string {
  const [last, setLast] = useState<SyncMood | null>(null)
  const [said, setSaid] = useState('')
  if (mood !== null && mood !== last) {
    setLast(mood)
    const words = moodAnnouncement(last, mood)
    if (words) setSaid(words)
  }
  return said
}

export function SyncStatusBadge({ sync }: { sync: SyncActions }) {
  const { db } = sync
  const { online } = useNetwork()
  const status = useLiveQuery(() => localSyncStatusQuery(db), [db])
  // Controlled, so opening a refused change's form closes it rather than leaving it over the form.
  const [opened, setOpened] = useState(false)
  useNoticeToasts(status?.notices)
  const indicator = status ? describeSyncStatus(status, online) : null
  const announcement = useMoodAnnouncement(indicator ? syncMood(indicator) : null)
  if (!status || !indicator) return null
  const noticeCount = status.notices.length
  const look = badgeLook(indicator, noticeCount)
  const Icon = ICONS[look.icon]
  const count = badgeCount(indicator, status.pendingCount, noticeCount)

  return (
    <>
      {/* Focus goes into the details and back to the badge, so Retry and Discard are the next Tab, not the page's end. */}
      <Popover width={340} position="bottom-end" shadow="md" opened={opened} onChange={setOpened} trapFocus returnFocus>
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
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  )
}
