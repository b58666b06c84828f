// Owns Profile settings' email change and Google connection (issue 24): 'Change email', 'Disconnect Google', and, when
// the server wants a recent sign-in (403), the confirmation: the current password, or 'Confirm with Google' (fresh).
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { PasswordField } from '../../ui/password-field.tsx'
import { useRef, useState } from 'react'
import { changeEmail, disconnectGoogle, fetchMe } from '../../api/account-recovery.ts'
import { ApiError } from '../../api/client.ts'
import { ConfirmWithGoogle } from '../../ui/confirm-with-google.tsx'
import { revealField } from '../../ui/reveal-field.ts'
import { errorPlace, newEmailError } from './sign-in-errors.ts'
import { LoadFailure } from './load-failure.tsx'
import { useOnlineLoad } from './use-online-load.ts'

/** Tap targets of at least 44 px (style guide) on a phone. */
const TAP = { mih: 44 } as const
export const SIGN_IN_SETTINGS_TEXTS = {
  offline: 'Connect to the internet to change your email or sign-in methods.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  googleNotConnected: 'Google is not connected to this account.',
  googleOnly: 'You sign in with Google. Set a password before you can disconnect it.',
  loadFailed: 'Your account could not be loaded',
} as const

/** `aboutEmail`: the email change, whose refusals are said on the New email field. */
type Action = { run: (currentPassword?: string) => Promise<{ message: string }>; aboutEmail?: boolean }
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
  // A refusal about a field is said on it (Mantine's error, aria-invalid) and the owner is put there.
  const [emailError, setEmailError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  const act = async (action: Action, currentPassword?: string) => {
    setBusy(true)
    setOutcome(null)
    setEmailError(null)
    setPasswordError(null)
    try {
      const answer = await action.run(currentPassword)
      setPending(null)
      setPassword('')
      setOutcome({ kind: 'done', text: answer.message })
      load()
      return true
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        setPending({ action, message: err.message })
        revealField(passwordRef)
        return false
      }
      const text = err instanceof ApiError ? err.message : SIGN_IN_SETTINGS_TEXTS.unreachable
      const place = errorPlace(err, { confirming: currentPassword !== undefined, aboutEmail: action.aboutEmail === true })
      if (place === 'password') setPasswordError(text)
      else if (place === 'email') setEmailError(text)
      else setOutcome({ kind: 'error', text })
      // Focus was on a button the busy state disabled: without this it fell to <body>.
      revealField(place === 'password' ? passwordRef : place === 'email' ? emailRef : null)
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

  const emailAction: Action = { run: (currentPassword) => changeEmail(email.trim(), currentPassword), aboutEmail: true }
  const googleAction: Action = { run: (currentPassword) => disconnectGoogle(currentPassword) }
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="sign-in-settings-title">
      <Title order={3} id="sign-in-settings-title" mb="sm">
        Email and sign-in
      </Title>
      <Stack gap="md">
        {/* A reload that failed keeps what was read before (useOnlineLoad) and says so, as the devices list does. */}
        {failure ? <LoadFailure title={SIGN_IN_SETTINGS_TEXTS.loadFailed} failure={failure} onRetry={load} /> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            const invalid = newEmailError(email)
            if (invalid) {
              setEmailError(invalid)
              revealField(emailRef)
              return
            }
            void act(emailAction).then((ok) => ok && setEmail(''))
          }}
        >
          <Stack gap="xs">
            <Text size="sm">Your email: {me.email}</Text>
            <TextInput
              ref={emailRef}
              label="New email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value)
                setEmailError(null)
              }}
              error={emailError}
              size="md"
            />
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
          // A bordered box, not a yellow Alert: the alert's yellow title and a field's error on its tint measured under
          // 4.5:1 (axe color-contrast), and this box holds a field whose error must be read.
          <Paper withBorder p="sm" data-testid="recent-sign-in-confirm" role="group" aria-labelledby="recent-sign-in-title">
            <Stack gap="xs">
              <Text fw={600} id="recent-sign-in-title">
                Confirm it is you
              </Text>
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
                    <PasswordField
                      ref={passwordRef}
                      label="Your current password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => {
                        setPassword(event.currentTarget.value)
                        setPasswordError(null)
                      }}
                      error={passwordError}
                      size="md"
                    />
                    <Button type="submit" disabled={busy || password === ''} {...TAP}>
                      Confirm
                    </Button>
                  </Stack>
                </form>
              ) : (
                <ConfirmWithGoogle onConfirm={confirmWithGoogle} />
              )}
            </Stack>
          </Paper>
        ) : null}
        {outcome ? (
          // The theme's error colour (red 8 light, red 4 dark: above 4.5:1 in both; red.8 measured 3.43:1 on dark), and
          // the text's own colour for a success (Mantine's greens measure under 4.5:1 on white).
          <Text role="status" size="sm" c={outcome.kind === 'done' ? undefined : 'var(--mantine-color-error)'}>
            {outcome.text}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}
