// Owns the owner app's quiet reminder to confirm the email (issue 24): shown while /users/me says the address is not
// verified and the server can mail; 'Send the link again' under the server's limit. Offline or failing: nothing shown.
import { Alert, Button, Group, Text, type MantineSpacing } from '@mantine/core'
import { emailConfirmationCalls } from '../../api/account-recovery.ts'
import { useEmailConfirmation } from '../../ui/use-email-confirmation.ts'

/** Placed by the owner frame that shows it, inside its content under its header: only the frame knows what follows. */
type Props = { mt?: MantineSpacing; mb?: MantineSpacing }

export function EmailVerificationBanner({ mt, mb }: Props) {
  const { me, note, sending, resend } = useEmailConfirmation(emailConfirmationCalls)
  if (!me || me.emailVerified || !me.emailVerificationAvailable) return null
  return (
    <Alert color="blue" variant="light" mt={mt} mb={mb} title="Please confirm your email" data-testid="email-verification-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm">We sent a link to {me.email}. Until you confirm it, nothing is linked to your account by this address.</Text>
        <Button size="xs" variant="default" onClick={() => void resend()} disabled={sending}>
          Send the link again
        </Button>
      </Group>
      {note ? (
        <Text size="sm" mt="xs" role="status">
          {note}
        </Text>
      ) : null}
    </Alert>
  )
}
