// Owns /verify-email?token=…: the owner confirms with a button, so a mail scanner that opens the link spends nothing.
// The token lives in memory only: when the call got no answer or a 'later' (5xx, 429) the button is offered again.
import { Alert, Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { failureMessage, mayTryAgain } from '../../api/client.ts'
import { RECOVERY_MESSAGES } from '../../contract/account-recovery.ts'
import { ButtonLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { takeTokenFromAddress, verifyEmail } from '../../api/account-recovery.ts'

/** Confirmed, refused for good (the link is spent or wrong), or failed in a way the same link may be tried again. */
type Outcome = { kind: 'confirmed' | 'refused' | 'try-again'; message: string }

const UNREACHABLE = 'The server could not be reached.'

export function VerifyEmailPage() {
  const [token] = useState(takeTokenFromAddress)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [sending, setSending] = useState(false)

  const confirm = async () => {
    setSending(true)
    try {
      setOutcome({ kind: 'confirmed', message: (await verifyEmail(token)).message })
    } catch (err) {
      setOutcome({ kind: mayTryAgain(err) ? 'try-again' : 'refused', message: failureMessage(err, UNREACHABLE) })
    } finally {
      setSending(false)
    }
  }
  const button = (label: string) => (
    <Button onClick={() => void confirm()} disabled={sending} fullWidth>
      {sending ? 'Confirming...' : label}
    </Button>
  )

  return (
    <AuthCard title="Confirm your email">
      <Stack>
        {outcome ? (
          <Alert color={outcome.kind === 'confirmed' ? 'green' : 'red'} title={outcome.kind === 'confirmed' ? 'Email confirmed' : 'Not confirmed'} role={outcome.kind === 'confirmed' ? 'status' : 'alert'}>
            {outcome.message}
            {/* Its own line: the failure's words ('The server did not answer') end without a full stop. */}
            {outcome.kind === 'try-again' ? <Text size="sm">{RECOVERY_MESSAGES.linkStillWorks}</Text> : null}
          </Alert>
        ) : null}
        {outcome?.kind === 'try-again' ? (
          button('Try again')
        ) : outcome ? null : token ? (
          <>
            <Text size="sm">Confirm that this email address is yours.</Text>
            {button('Confirm my email')}
          </>
        ) : (
          <Alert color="red" title="Link incomplete">
            This link is incomplete. Please open the link from the mail again.
          </Alert>
        )}
        {/* Button-like: a link on its own line is a tap target (44 px on touch), not a line of text. */}
        <ButtonLink to="/dashboard" variant="light" fullWidth>
          Go to your dashboard
        </ButtonLink>
      </Stack>
    </AuthCard>
  )
}
