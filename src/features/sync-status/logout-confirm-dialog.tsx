// Owns the warning before a logout that would lose unsynced changes (design section 4: logout needs an explicit discard).
import { Button, Group, Modal, Text } from '@mantine/core'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { clearLocalData } from '../../local/session.ts'
import { unsyncedChangeCount, unsyncedChangesMessage } from './sync-badge.ts'

type DialogProps = { opened: boolean; unsyncedCount: number; onCancel: () => void; onConfirm: () => void }

export function LogoutConfirmDialog({ opened, unsyncedCount, onCancel, onConfirm }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Log out?" centered>
      <Text>{unsyncedChangesMessage(unsyncedCount)}. Logging out deletes them from this device.</Text>
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

export function useUnsyncedChangeCount(db: OwnerDatabase): number {
  return useLiveQuery(() => unsyncedChangeCount(db), [db]) ?? 0
}

/**
 * Wraps the shell's logout: with nothing unsynced it clears the local database and logs out at once; otherwise it
 * opens the warning first. Render `dialog` anywhere in the shell and call `requestLogout` from the menu.
 */
export function useLogoutGuard(db: OwnerDatabase, logout: () => void | Promise<void>) {
  const [opened, setOpened] = useState(false)
  const unsyncedCount = useUnsyncedChangeCount(db)

  const logoutNow = async () => {
    setOpened(false)
    await clearLocalData(db)
    await logout()
  }
  const requestLogout = async () => {
    // Counted again at the click: the live count may be one render behind a write made just before.
    if ((await unsyncedChangeCount(db)) > 0) setOpened(true)
    else await logoutNow()
  }

  const dialog = <LogoutConfirmDialog opened={opened} unsyncedCount={unsyncedCount} onCancel={() => setOpened(false)} onConfirm={() => void logoutNow()} />
  return { requestLogout, dialog }
}
