// Owns the mail switches' hint (issue 29): mail goes only to a confirmed address; an unconfirmed one can have its link
// sent again. Read from /users/me when online; offline the general rule is shown. A server without mail says so.
import { Button, Group, Stack, Text } from '@mantine/core'
import { emailConfirmationCalls } from '../../api/account-recovery.ts'
import { useEmailConfirmation } from '../../ui/use-email-confirmation.ts'
import { PUSH_TEXTS } from './push-support.ts'

export function EmailVerificationHint() {
  const { me, note, sending, resend } = useEmailConfirmation(emailConfirmationCalls)
  if (!me) return <Text size="sm" c="dimmed">{PUSH_TEXTS.emailUnknown}</Text>
  // Without SMTP_URL no link was ever sent and no mail goes out, confirmed or not: the usual hint would promise both.
  if (!me.emailVerificationAvailable) return <Text size="sm" c="dimmed" data-testid="email-hint">{PUSH_TEXTS.emailUnavailable}</Text>
  if (me.emailVerified) return <Text size="sm" c="dimmed" data-testid="email-hint">{PUSH_TEXTS.emailVerified(me.email)}</Text>
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="email-hint">
        {PUSH_TEXTS.emailUnverified(me.email)}
      </Text>
      <Group>
        <Button variant="default" onClick={() => void resend()} loading={sending}>
          Send the link again
        </Button>
      </Group>
      {note ? (
        <Text size="sm" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  )
}
