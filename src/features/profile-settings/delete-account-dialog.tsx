// Owns the 'Delete account' confirmation: what will be lost, the password, the server's answer, and the hand-off to sign-out.
import { Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { deleteAccount } from '../../api/account.ts'
import { ApiError } from '../../api/client.ts'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { ACCOUNT_DATA_TEXTS, DELETION_LOSSES } from './account-data.ts'

type Props = {
  opened: boolean
  onClose: () => void
  /** Runs after the server deleted the account: sign out, wipe the local database and private caches, leave. */
  onDeleted: () => Promise<void>
}

export function DeleteAccountDialog({ opened, onClose, onDeleted }: Props) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)

  const close = () => {
    if (deleting) return
    setPassword('')
    setError(null)
    onClose()
  }

  const confirm = async () => {
    if (password === '') {
      setError(ACCOUNT_MESSAGES.deletePasswordRequired)
      return
    }
    // Read at the moment of deleting: the section's online flag may lag one render behind.
    if (!navigator.onLine) {
      setError(ACCOUNT_MESSAGES.deleteOffline)
      return
    }
    setDeleting(true)
    setError(null)
    try {
      await deleteAccount({ currentPassword: password })
    } catch (failure) {
      // The server's own sentence, e.g. 'Current password is incorrect' or the rate limit's wait.
      setError(failure instanceof ApiError ? failure.message : ACCOUNT_DATA_TEXTS.deleteFailed)
      setDeleting(false)
      return
    }
    await onDeleted()
  }

  return (
    <Modal opened={opened} onClose={close} title="Delete your account?" centered closeOnClickOutside={false} closeOnEscape={!deleting} withCloseButton={!deleting}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void confirm()
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">Deleting your account removes it for good, with everything stored with it. You will lose:</Text>
          <List size="sm" spacing={4}>
            {DELETION_LOSSES.map((loss) => (
              <List.Item key={loss}>{loss}</List.Item>
            ))}
          </List>
          <Text size="sm">{ACCOUNT_DATA_TEXTS.unsynced} To keep a copy, use 'Export my data' first.</Text>
          <PasswordInput
            label="Your password"
            description="Enter your password to confirm."
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value)
              setError(null)
            }}
            error={error}
            disabled={deleting}
            data-autofocus
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={deleting}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
