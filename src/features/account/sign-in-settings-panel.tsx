// Owns Profile settings' email change and Google connection (issue 24): 'Change email', 'Disconnect Google', and, when
// the server wants a recent sign-in (403), the confirmation: the current password, or 'Confirm with Google' (fresh).
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { changeEmail, disconnectGoogle, fetchMe } from '../../api/account-recovery.ts'
import { ApiError } from '../../api/client.ts'
import { LoadFailure } from './load-failure.tsx'
import { useOnlineLoad } from './use-online-load.ts'

/** Tap targets of at least 44 px (style guide) on a phone. */
const TAP = { mih: 44 } as const
export const SIGN_IN_SETTINGS_TEXTS = {
  offline: 'Connect to the internet to change your email or sign-in methods.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  googleNotConnected: 'Google is not connected to this account.',
  googleOnly: 'You sign in with Google. Set a password before you can disconnect it.',
  confirmWithGoogle: 'Confirm with Google, then come back here and try again.',
  loadFailed: 'Your account could not be loaded',
} as const

type Action = { run: (currentPassword?: string) => Promise<{ message: string }> }
type Outcome = { kind: 'done' | 'error'; text: string } | null

type Props = {
  /** Leaves for a fresh Google sign-in that comes back to this page (the route composes it). */
  confirmWithGoogle: () => void
  /** Leaves for Google to connect it to this account, coming back to this page; rejects when the server refuses. */
  connectGoogle: () => Promise<void>
  /** What the last Google round trip from here came back with: said once, where the owner started it. */
  returned?: { kind: 'done' | 'error'; text: string } | null
}

export function SignInSettingsPanel({ confirmWithGoogle, connectGoogle, returned = null }: Props) {
  const { online, data: me, failure, load } = useOnlineLoad(fetchMe, SIGN_IN_SETTINGS_TEXTS.loadFailed)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(returned)
  // The change the server refused for want of a recent sign-in: done again once the owner confirms.
  const [pending, setPending] = useState<{ action: Action; message: string } | null>(null)
  const [password, setPassword] = useState('')

  const act = async (action: Action, currentPassword?: string) => {
    setBusy(true)
    setOutcome(null)
    try {
      const answer = await action.run(currentPassword)
      setPending(null)
      setPassword('')
      setOutcome({ kind: 'done', text: answer.message })
      load()
      return true
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setPending({ action, message: err.message })
      else setOutcome({ kind: 'error', text: err instanceof ApiError ? err.message : SIGN_IN_SETTINGS_TEXTS.unreachable })
      return false
    } finally {
      setBusy(false)
    }
  }

  if (!online || me === null) {
    return (
      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="sign-in-settings-title">
        <Title order={3} id="sign-in-settings-title" mb="sm">
          Email and sign-in
        </Title>
        {!online ? (
          <Text size="sm">{SIGN_IN_SETTINGS_TEXTS.offline}</Text>
        ) : failure ? (
          <LoadFailure title={SIGN_IN_SETTINGS_TEXTS.loadFailed} failure={failure} onRetry={load} />
        ) : (
          <Text size="sm">Loading your account...</Text>
        )}
      </Paper>
    )
  }

  const emailAction: Action = { run: (currentPassword) => changeEmail(email.trim(), currentPassword) }
  const googleAction: Action = { run: (currentPassword) => disconnectGoogle(currentPassword) }
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="sign-in-settings-title">
      <Title order={3} id="sign-in-settings-title" mb="sm">
        Email and sign-in
      </Title>
      <Stack gap="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void act(emailAction).then((ok) => ok && setEmail(''))
          }}
        >
          <Stack gap="xs">
            <Text size="sm">Your email: {me.email}</Text>
            <TextInput label="New email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} size="md" />
            <Button type="submit" variant="default" disabled={busy || email.trim() === ''} {...TAP}>
              Change email
            </Button>
          </Stack>
        </form>
        <Stack gap="xs">
          <Text fw={600}>Google</Text>
          {!me.signInMethods.google ? (
            <>
              <Text size="sm">{SIGN_IN_SETTINGS_TEXTS.googleNotConnected}</Text>
              <Button variant="default" disabled={busy} onClick={() => void act({ run: async () => (await connectGoogle(), { message: '' }) })} {...TAP}>
                Connect Google
              </Button>
            </>
          ) : me.signInMethods.password ? (
            <Button variant="light" color="red" disabled={busy} onClick={() => void act(googleAction)} {...TAP}>
              Disconnect Google
            </Button>
          ) : (
            <Text size="sm">{SIGN_IN_SETTINGS_TEXTS.googleOnly}</Text>
          )}
        </Stack>
        {pending ? (
          <Alert color="yellow" title="Confirm it is you" data-testid="recent-sign-in-confirm">
            <Stack gap="xs">
              <Text size="sm">{pending.message}</Text>
              {me.signInMethods.password ? (
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault()
                    void act(pending.action, password)
                  }}
                >
                  <Stack gap="xs">
                    <PasswordInput label="Your current password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} size="md" />
                    <Button type="submit" disabled={busy || password === ''} {...TAP}>
                      Confirm
                    </Button>
                  </Stack>
                </form>
              ) : (
                <>
                  <Text size="sm">{SIGN_IN_SETTINGS_TEXTS.confirmWithGoogle}</Text>
                  <Button onClick={confirmWithGoogle} {...TAP}>
                    Confirm with Google
                  </Button>
                </>
              )}
            </Stack>
          </Alert>
        ) : null}
        {outcome ? (
          <Text role="status" size="sm" c={outcome.kind === 'done' ? 'green.8' : 'red.8'}>
            {outcome.text}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}
