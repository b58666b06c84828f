// Owns the owner app's quiet reminder to confirm the email (issue 24): shown while /users/me says the address is not
// verified and the server can mail; 'Send the link again' under the server's limit. Offline or failing: nothing shown.
import { Alert, Button, Group, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import type { Me } from '../../contract/account-recovery.ts'
import { fetchMe, resendVerification } from '../../api/account-recovery.ts'

export function EmailVerificationBanner() {
  const { online } = useNetwork()
  const [me, setMe] = useState<Me | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (!online) return
    let live = true
    fetchMe().then(
      (answer) => live && setMe(answer),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [online])

  if (!me || me.emailVerified || !me.emailVerificationAvailable) return null
  const resend = async () => {
    setSending(true)
    try {
      setNote((await resendVerification()).message)
    } catch (err) {
      setNote(err instanceof ApiError ? err.message : 'The link could not be sent. Please try again later.')
    } finally {
      setSending(false)
    }
  }
  return (
    <Alert color="blue" variant="light" m="sm" title="Please confirm your email" data-testid="email-verification-banner">
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
