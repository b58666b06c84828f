// Owns what the owner can do about sync problems: failed changes (Retry, Discard) and notices (deleted or changed elsewhere).
import { Alert, CloseButton, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useLiveQuery } from 'dexie-react-hooks'
import { dismissNotice } from '../../local/outbox-actions.ts'
import { failedOutboxEntries, noticesQuery } from '../../local/queries.ts'
import type { SyncClient } from '../../sync/sync-client.ts'
import { RefusedChangeCard } from './refused-change-card.tsx'

/** Retry and Discard go through the sync client, which also wakes the engine to act on them. */
export type SyncActions = Pick<SyncClient, 'db' | 'retry' | 'discard'>

function reportFailure(title: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', title, message: error instanceof Error && error.message ? error.message : 'Please try again.' })
}

/** Renders nothing when there is nothing to act on, so it can sit in any layout. */
export function SyncProblems({ sync, onOpenFix }: { sync: SyncActions; onOpenFix?: () => void }) {
  const { db } = sync
  const failed = useLiveQuery(() => failedOutboxEntries(db), [db]) ?? []
  const notices = useLiveQuery(() => noticesQuery(db), [db]) ?? []
  if (failed.length === 0 && notices.length === 0) return null

  return (
    <Stack gap="sm">
      {notices.map((notice) => (
        <Alert key={notice.id} color="yellow">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{notice.message}</Text>
            <CloseButton
              aria-label="Dismiss notice"
              onClick={() => {
                if (notice.id !== undefined) dismissNotice(db, notice.id).catch(reportFailure('Could not dismiss the notice'))
              }}
            />
          </Group>
        </Alert>
      ))}
      {failed.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Changes the server refused
          </Text>
          {failed.map((entry) => (
            <RefusedChangeCard
              key={entry.seq}
              entry={entry}
              onRetry={() => sync.retry(entry.seq).catch(reportFailure('Retry failed'))}
              onDiscard={() => sync.discard(entry.seq).catch(reportFailure('Discard failed'))}
              onOpenFix={onOpenFix}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
