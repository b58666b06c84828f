// Owns what the owner can do about sync problems: failed changes (Retry, Discard) and deleted-elsewhere notices.
import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useLiveQuery } from 'dexie-react-hooks'
import { dismissNotice } from '../../local/outbox-actions.ts'
import { failedOutboxEntries, noticesQuery } from '../../local/queries.ts'
import type { SyncClient } from '../../sync/sync-client.ts'

/** Retry and Discard go through the sync client, which also wakes the engine to act on them. */
export type SyncActions = Pick<SyncClient, 'db' | 'retry' | 'discard'>

function reportFailure(title: string) {
  return (error: unknown) =>
    notifications.show({ color: 'red', title, message: error instanceof Error && error.message ? error.message : 'Please try again.' })
}

const madeAt = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })

/** Renders nothing when there is nothing to act on, so it can sit in any layout. */
export function SyncProblems({ sync }: { sync: SyncActions }) {
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
            <Paper key={entry.seq} withBorder p="sm" radius="sm">
              <Text size="sm" fw={500}>
                {entry.summary}
              </Text>
              <Text size="xs" c="red">
                {entry.error}
              </Text>
              <Text size="xs" c="dimmed">
                Made {madeAt(entry.createdAt)}
              </Text>
              <Group gap="xs" mt="xs">
                <Button size="xs" variant="light" onClick={() => sync.retry(entry.seq).catch(reportFailure('Retry failed'))} aria-label={`Retry ${entry.summary}`}>
                  Retry
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => sync.discard(entry.seq).catch(reportFailure('Discard failed'))}
                  aria-label={`Discard ${entry.summary}`}
                >
                  Discard
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
