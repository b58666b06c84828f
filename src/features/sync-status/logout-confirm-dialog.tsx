// Owns the warning before a logout that would lose unsynced changes (design section 4: logout needs an explicit discard).
import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import type { SyncClient } from '../../sync/sync-client.ts'
import { unsyncedChangesWarning } from '../../sync/status.ts'
import { useAfterFirstPaint } from '../../ui/after-first-paint.ts'

type DialogProps = { opened: boolean; unsyncedCount: number; onCancel: () => void; onConfirm: () => void }

export function LogoutConfirmDialog({ opened, unsyncedCount, onCancel, onConfirm }: DialogProps) {
  // Closed on a reload: the Modal joins the page after its first paint (decision 178).
  if (!useAfterFirstPaint(opened)) return null
  return (
    <Modal opened={opened} onClose={onCancel} title="Log out?" centered>
      <Text>{unsyncedChangesWarning(unsyncedCount)}. Logging out deletes them from this device.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm}>
          Log out anyway
        </Button>
      </Group>
    </Modal>
  )
}

export type LogoutSync = Pick<SyncClient, 'unsyncedCount' | 'clearLocalDataForLogout'>

/**
 * Wraps the shell's logout: with nothing unsynced it clears the local database and logs out at once; otherwise it
 * opens the warning first. Render `dialog` anywhere in the shell and call `requestLogout` from the menu.
 */
export function useLogoutGuard(sync: LogoutSync, logout: () => void | Promise<void>) {
  // The count is taken at the click, so the dialog names exactly what the owner is about to lose; it is kept
  // while the dialog closes, so the closing animation does not show an empty sentence.
  const [warning, setWarning] = useState({ opened: false, unsyncedCount: 0 })
  const close = () => setWarning((previous) => ({ ...previous, opened: false }))

  const logoutNow = async () => {
    close()
    await sync.clearLocalDataForLogout()
    await logout()
  }
  const requestLogout = async () => {
    const unsyncedCount = await sync.unsyncedCount()
    if (unsyncedCount > 0) setWarning({ opened: true, unsyncedCount })
    else await logoutNow()
  }

  const dialog = <LogoutConfirmDialog opened={warning.opened} unsyncedCount={warning.unsyncedCount} onCancel={close} onConfirm={() => void logoutNow()} />
  return { requestLogout, dialog }
}
