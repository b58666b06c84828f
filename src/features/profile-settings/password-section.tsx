// Owns the password part of the settings page: 'Change password' (fields of the page's form, sent on Save), or for an
// account made by Google sign-in 'Set a password' (its own button, no current password); both need the network.
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { PasswordField } from '../../ui/password-field.tsx'
import type { UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconWifiOff } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { failureMessage } from '../../api/client.ts'
import { SIGN_IN_METHOD_MESSAGES } from '../../contract/sign-in-methods.ts'
import { checkSetPassword, EMPTY_PASSWORD_VALUES, fetchSignInMethods, type NewPasswordValues, OFFLINE_PASSWORD_MESSAGE, type PasswordValues, setFirstPassword } from './password-change.ts'

/** What this account's sign-in methods say; 'unknown' until the server answers. */
type PasswordKind = 'unknown' | 'has-password' | 'google-only'

export function PasswordSection({ form, online }: { form: UseFormReturnType<PasswordValues>; online: boolean }) {
  const [kind, setKind] = useState<PasswordKind>('unknown')
  const [carried, setCarried] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' })
  useEffect(() => {
    if (!online) return
    const controller = new AbortController()
    fetchSignInMethods(controller.signal).then(
      (methods) => {
        if (!methods.hasPassword) {
          // Typed offline into the change form (the default while nobody could ask): it moves to 'Set a password' and
          // leaves the page's form, whose Save would otherwise try to change a password this account does not have.
          const { newPassword, confirmPassword } = form.getValues()
          setCarried({ newPassword, confirmPassword })
          form.setValues(EMPTY_PASSWORD_VALUES)
        }
        setKind(methods.hasPassword ? 'has-password' : 'google-only')
      },
      // No answer (the server failed): the change form, the spec's default, whose Save says what went wrong.
      () => setKind((known) => (known === 'unknown' && !controller.signal.aborted ? 'has-password' : known)),
    )
    return () => controller.abort()
  }, [online])

  // Online, the answer comes in a moment: no field is shown before it, so no typing lands in a form it then replaces.
  if (kind === 'unknown' && online) return <PasswordSectionPending />
  if (kind === 'google-only') return <SetPasswordSection online={online} typed={carried} onSet={() => setKind('has-password')} />
  return (
    <Stack gap="sm">
      <Title order={3}>Change password</Title>
      <Text size="sm" c="dimmed">
        Leave the new password empty to keep your current one.
      </Text>
      {online ? null : <OfflineNotice />}
      <PasswordField label="Current password" autoComplete="current-password" key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </Stack>
  )
}

function OfflineNotice() {
  return (
    <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />}>
      {OFFLINE_PASSWORD_MESSAGE}
    </Alert>
  )
}

function PasswordSectionPending() {
  return (
    <Stack gap="sm" aria-busy="true">
      <Title order={3}>Password</Title>
      <Text size="sm" c="dimmed">
        Checking how you sign in…
      </Text>
      <Skeleton height={60} />
      <Skeleton height={60} />
    </Stack>
  )
}

function SetPasswordSection({ online, typed, onSet }: { online: boolean; typed: NewPasswordValues; onSet: () => void }) {
  const [values, setValues] = useState<NewPasswordValues>(typed)
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordValues, string>>>({})
  const [saving, setSaving] = useState(false)

  const edit = (field: keyof NewPasswordValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setErrors({})
  }

  const submit = async () => {
    const check = checkSetPassword(values)
    if (check.kind === 'invalid') {
      setErrors({ [check.field]: check.message })
      return
    }
    if (!navigator.onLine) {
      notifications.show({ color: 'yellow', title: 'Offline', message: OFFLINE_PASSWORD_MESSAGE })
      return
    }
    setSaving(true)
    try {
      await setFirstPassword(check.newPassword)
      notifications.show({ color: 'green', title: 'Password updated', message: SIGN_IN_METHOD_MESSAGES.passwordSet })
      onSet()
    } catch (error) {
      const message = failureMessage(error, 'Failed to change password')
      notifications.show({ color: 'red', title: 'Password change failed', message })
      setSaving(false)
    }
  }

  return (
    <Stack gap="sm">
      <Title order={3}>Set a password</Title>
      <Text size="sm" c="dimmed">
        You sign in with Google. Set a password to also sign in with your email address.
      </Text>
      {online ? null : <OfflineNotice />}
      <PasswordField label="New password" autoComplete="new-password" value={values.newPassword} onChange={edit('newPassword')} error={errors.newPassword} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={edit('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Group>
        <Button type="button" variant="default" onClick={() => void submit()} loading={saving} disabled={!online}>
          Set password
        </Button>
      </Group>
    </Stack>
  )
}
