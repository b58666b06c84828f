// Owns /verify-email?token=…: the owner confirms with a button, so a mail scanner that opens the link spends nothing.
import { Alert, Button, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { AnchorLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { takeTokenFromAddress, verifyEmail } from '../../api/account-recovery.ts'

export function VerifyEmailPage() {
  const [token] = useState(takeTokenFromAddress)
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [sending, setSending] = useState(false)

  const confirm = async () => {
    setSending(true)
    try {
      setOutcome({ ok: true, message: (await verifyEmail(token)).message })
    } catch (err) {
      setOutcome({ ok: false, message: err instanceof ApiError ? err.message : 'The server could not be reached. Please try again.' })
    } finally {
      setSending(false)
    }
  }

  return (
    <AuthCard title="Confirm your email">
      <Stack>
        {outcome ? (
          <Alert color={outcome.ok ? 'green' : 'red'} title={outcome.ok ? 'Email confirmed' : 'Not confirmed'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        ) : token ? (
          <>
            <Text size="sm">Confirm that this email address is yours.</Text>
            <Button onClick={() => void confirm()} disabled={sending} fullWidth>
              {sending ? 'Confirming...' : 'Confirm my email'}
            </Button>
          </>
        ) : (
          <Alert color="red" title="Link incomplete">
            This link is incomplete. Please open the link from the mail again.
          </Alert>
        )}
        <AnchorLink to="/dashboard">Go to your dashboard</AnchorLink>
      </Stack>
    </AuthCard>
  )
}
