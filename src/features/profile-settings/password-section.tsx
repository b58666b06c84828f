// Owns the change-password fields of the settings page; the change itself needs the network (spec section 7).
import { Alert, PasswordInput, Stack, Text, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconWifiOff } from '@tabler/icons-react'
import { OFFLINE_PASSWORD_MESSAGE, type PasswordValues } from './password-change.ts'

export function PasswordSection({ form, online }: { form: UseFormReturnType<PasswordValues>; online: boolean }) {
  return (
    <Stack gap="sm">
      <Title order={3}>Change password</Title>
      <Text size="sm" c="dimmed">
        Leave the new password empty to keep your current one.
      </Text>
      {online ? null : (
        <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />}>
          {OFFLINE_PASSWORD_MESSAGE}
        </Alert>
      )}
      <PasswordInput label="Current password" autoComplete="current-password" key={form.key('currentPassword')} {...form.getInputProps('currentPassword')} />
      <PasswordInput label="New password" autoComplete="new-password" key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </Stack>
  )
}
