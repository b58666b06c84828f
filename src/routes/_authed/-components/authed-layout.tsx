// Owns the frame of the protected routes: the page, plus the reload notice (a newer tab upgraded the local database,
// or this tab's sync worker did not start). The email-confirmation banner is each owner frame's, under its header: put
// here, above the frames, the dashboard's fixed header covered it.
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { DATABASE_OUTDATED_EVENT, SYNC_WORKER_FAILED_EVENT } from '../../../contract/names.ts'

const OUTDATED_NOTICE_ID = 'database-outdated'

const showOutdatedNotice = () => showReloadNotice('QR Tee was updated in another tab')
/** This tab's sync worker did not start (an old tab after a deploy): it let another tab sync and asks for a reload. */
const showWorkerFailedNotice = () => showReloadNotice('Syncing could not start in this tab')

function showReloadNotice(title: string) {
  notifications.show({
    id: OUTDATED_NOTICE_ID,
    color: 'yellow',
    title,
    autoClose: false,
    withCloseButton: false,
    message: (
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="sm">Reload this tab to keep saving your changes.</Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    ),
  })
}

export function AuthedLayout() {
  useEffect(() => {
    window.addEventListener(DATABASE_OUTDATED_EVENT, showOutdatedNotice)
    window.addEventListener(SYNC_WORKER_FAILED_EVENT, showWorkerFailedNotice)
    return () => {
      window.removeEventListener(DATABASE_OUTDATED_EVENT, showOutdatedNotice)
      window.removeEventListener(SYNC_WORKER_FAILED_EVENT, showWorkerFailedNotice)
    }
  }, [])
  return <Outlet />
}
