// Owns the mail switches' hint (issue 29): mail goes only to a confirmed address; an unconfirmed one can have its link
// sent again. Read from /users/me when online; offline the general rule is shown.
import { Button, Group, Stack, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { fetchMe, resendVerification } from '../../api/account-recovery.ts'
import { ApiError } from '../../api/client.ts'
import type { Me } from '../../contract/account-recovery.ts'
import { PUSH_TEXTS } from './push-support.ts'

export function EmailVerificationHint() {
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

  if (!me) return <Text size="sm" c="dimmed">{PUSH_TEXTS.emailUnknown}</Text>
  if (me.emailVerified) return <Text size="sm" c="dimmed" data-testid="email-hint">{PUSH_TEXTS.emailVerified(me.email)}</Text>

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
    <Stack gap={6}>
      <Text size="sm" data-testid="email-hint">
        {PUSH_TEXTS.emailUnverified(me.email)}
      </Text>
      {me.emailVerificationAvailable ? (
        <Group>
          <Button variant="default" onClick={() => void resend()} loading={sending}>
            Send the link again
          </Button>
        </Group>
      ) : null}
      {note ? (
        <Text size="sm" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  )
}
