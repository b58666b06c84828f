// Owns the settings page's 'Your data' section: 'Export my data' (a JSON download) and 'Delete account'; both need the network.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconDownload, IconTrash, IconWifiOff } from '@tabler/icons-react'
import { useState } from 'react'
import { fetchAccountExport } from '../../api/account.ts'
import { failureMessage } from '../../api/client.ts'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { ACCOUNT_DATA_TEXTS, saveTextFile } from './account-data.ts'
import { DeleteAccountDialog } from './delete-account-dialog.tsx'

type Props = {
  onAccountDeleted: () => Promise<void>
  /** A fresh Google sign-in that comes back to settings, for a Google-only owner's deletion (decision 136). */
  confirmWithGoogle: () => void
  /** The deletion dialog is open from the start: the owner comes back from confirming it with Google. */
  openAtStart?: boolean
}

export function AccountDataSection({ onAccountDeleted, confirmWithGoogle, openAtStart = false }: Props) {
  const { online } = useNetwork()
  const [exporting, setExporting] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(openAtStart)

  const exportData = async () => {
    // navigator.onLine is read at the click; the hook's value may lag one render behind.
    if (!navigator.onLine) {
      notifications.show({ color: 'yellow', title: 'Offline', message: ACCOUNT_MESSAGES.exportOffline })
      return
    }
    setExporting(true)
    try {
      const file = await fetchAccountExport()
      saveTextFile(file.fileName, file.json)
      notifications.show({ color: 'green', title: 'Data exported', message: `Saved as ${file.fileName}.` })
    } catch (error) {
      const message = failureMessage(error, ACCOUNT_DATA_TEXTS.exportFailed)
      notifications.show({ color: 'red', title: 'Export failed', message })
    } finally {
      setExporting(false)
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby="account-data-title">
      <Stack gap="md">
        <Title order={3} id="account-data-title">
          Your data
        </Title>
        {online ? null : (
          <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />}>
            You are offline. Exporting your data and deleting your account need an internet connection.
          </Alert>
        )}
        <Stack gap={6}>
          <Text size="sm">{ACCOUNT_DATA_TEXTS.exportHint}</Text>
          <Group>
            <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void exportData()} loading={exporting}>
              Export my data
            </Button>
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm">{ACCOUNT_DATA_TEXTS.deleteHint}</Text>
          <Group>
            <Button color="red" variant="outline" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setDeleteOpen(true)} disabled={!online}>
              Delete account
            </Button>
          </Group>
        </Stack>
      </Stack>
      <DeleteAccountDialog opened={deleteOpen} onClose={() => setDeleteOpen(false)} onDeleted={onAccountDeleted} confirmWithGoogle={confirmWithGoogle} />
    </Paper>
  )
}
