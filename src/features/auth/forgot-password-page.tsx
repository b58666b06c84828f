// Owns /forgot-password: the owner types their email and is told the same thing whether or not it has an account.
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import * as v from 'valibot'
import { ApiError } from '../../api/client.ts'
import { EmailSchema } from '../../contract/auth.ts'
import { AnchorLink, ButtonLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { requestPasswordReset } from '../../api/account-recovery.ts'
import { RECOVERY_MESSAGES } from '../../contract/account-recovery.ts'
import { SUPPORT_LINK, takeCarriedEmail, useAccountMail } from './use-account-mail.ts'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState(takeCarriedEmail)
  const accountMail = useAccountMail()
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(EmailSchema, email)
    if (!parsed.success) {
      setError(parsed.issues[0].message)
      return
    }
    setError(null)
    setSending(true)
    try {
      setSent((await requestPasswordReset(parsed.output)).message)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server could not be reached. Please try again.')
    } finally {
      setSending(false)
    }
  }

  return (
    <AuthCard title="Forgot password">
      {accountMail === false || error === RECOVERY_MESSAGES.mailUnavailable ? (
        // Nothing to type: no link can be mailed here. The operator can make one (npm run account -- reset-link).
        <Stack>
          <Alert color="blue" title="No reset link by mail" role="status">
            {RECOVERY_MESSAGES.mailUnavailable}
          </Alert>
          <ButtonLink {...SUPPORT_LINK} fullWidth>
            Contact support
          </ButtonLink>
          <AnchorLink to="/login" className="standalone-link">
            Back to sign in
          </AnchorLink>
        </Stack>
      ) : sent ? (
        <Stack>
          <Alert color="green" title="Check your mail" role="status">
            {sent}
          </Alert>
          <AnchorLink to="/login" className="standalone-link">
            Back to sign in
          </AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Text size="sm">Type the email of your account. We will mail you a link to choose a new password.</Text>
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} />
            <Button type="submit" disabled={sending} fullWidth>
              {sending ? 'Sending...' : 'Send the link'}
            </Button>
            <AnchorLink to="/login" className="standalone-link">
              Back to sign in
            </AnchorLink>
          </Stack>
        </form>
      )}
    </AuthCard>
  )
}
