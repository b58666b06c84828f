// Owns the 'Delete account' confirmation: what will be lost, the password, the server's answer, and the hand-off to sign-out.
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core'
import { PasswordField } from '../../ui/password-field.tsx'
import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { deleteAccount } from '../../api/account.ts'
import { ApiError, failureMessage, SessionEndedError } from '../../api/client.ts'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { RECOVERY_MESSAGES } from '../../contract/account-recovery.ts'
import { SIGN_IN_METHOD_MESSAGES } from '../../contract/sign-in-methods.ts'
import { ConfirmWithGoogle } from '../../ui/confirm-with-google.tsx'
import { revealField } from '../../ui/reveal-field.ts'
import { ACCOUNT_DATA_TEXTS, DELETION_LOSSES } from './account-data.ts'
import { fetchSignInMethods } from './password-change.ts'

type Props = {
  opened: boolean
  onClose: () => void
  /** Runs after the server deleted the account: sign out, wipe the local database and private caches, leave. */
  onDeleted: () => Promise<void>
  /** Leaves for a fresh Google sign-in that comes back to settings: a Google-only owner's recent sign-in (decision 136). */
  confirmWithGoogle: () => void
}

export function DeleteAccountDialog({ opened, onClose, onDeleted, confirmWithGoogle }: Props) {
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  // The field was disabled while deleting, which dropped focus to <body>: a refusal puts the owner back on it.
  const fieldRef = useRef<HTMLInputElement>(null)
  // The server wants a recent sign-in that a Google-only owner can give only with Google (decision 136).
  const [needsGoogle, setNeedsGoogle] = useState(false)
  // An account made by Google sign-in has no password: it confirms by typing its username (decision 102).
  const [usernameToType, setUsernameToType] = useState<string | null>(null)

  useEffect(() => {
    if (!opened || !navigator.onLine) return
    const controller = new AbortController()
    fetchSignInMethods(controller.signal).then(
      (methods) => setUsernameToType(methods.hasPassword ? null : methods.username),
      // Unknown: the password field stays, and the server's answer says if a username is wanted instead.
      () => {},
    )
    return () => controller.abort()
  }, [opened])

  const close = () => {
    if (deleting) return
    setConfirmation('')
    setError(null)
    setNeedsGoogle(false)
    onClose()
  }

  const refuse = (message: string) => {
    setError(message)
    revealField(fieldRef)
  }

  const confirm = async () => {
    if (confirmation === '') {
      refuse(usernameToType === null ? ACCOUNT_MESSAGES.deletePasswordRequired : SIGN_IN_METHOD_MESSAGES.confirmUsernameRequired)
      return
    }
    // Read at the moment of deleting: the section's online flag may lag one render behind.
    if (!navigator.onLine) {
      refuse(ACCOUNT_MESSAGES.deleteOffline)
      return
    }
    setDeleting(true)
    setError(null)
    try {
      await deleteAccount(usernameToType === null ? { currentPassword: confirmation } : { confirmUsername: confirmation })
    } catch (failure) {
      // A retry after a lost answer: the first try had deleted the account. It ends as a deletion, not an error.
      if (failure instanceof SessionEndedError && failure.message === ACCOUNT_MESSAGES.gone) {
        await onDeleted()
        return
      }
      if (failure instanceof ApiError && failure.message === SIGN_IN_METHOD_MESSAGES.noPasswordToCheck) {
        // The account turned out to have no password: ask for the username instead of failing.
        const methods = await fetchSignInMethods().catch(() => null)
        if (methods) {
          setUsernameToType(methods.username)
          setConfirmation('')
        }
      }
      if (failure instanceof ApiError && failure.message === RECOVERY_MESSAGES.recentSignInRequired) setNeedsGoogle(true)
      // The server's own sentence, e.g. 'Current password is incorrect' or the rate limit's wait.
      setDeleting(false)
      refuse(failureMessage(failure, ACCOUNT_DATA_TEXTS.deleteFailed))
      return
    }
    await onDeleted()
  }

  const fieldProps = {
    value: confirmation,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setConfirmation(event.currentTarget.value)
      setError(null)
    },
    error,
    disabled: deleting,
    'data-autofocus': true,
    ref: fieldRef,
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
          {usernameToType === null ? (
            <PasswordField label="Your password" description="Enter your password to confirm." autoComplete="current-password" {...fieldProps} />
          ) : (
            <TextInput
              label="Your username"
              description={`This account signs in with Google and has no password. Type your username, ${usernameToType}, to confirm.`}
              autoComplete="off"
              {...fieldProps}
            />
          )}
          {/* No password to give: a fresh Google sign-in stands for the recent one, as in the sign-in panel. */}
          {needsGoogle && usernameToType !== null ? <ConfirmWithGoogle onConfirm={confirmWithGoogle} /> : null}
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
