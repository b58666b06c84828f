// Owns the pages of a mailed link that sets a new password (/reset-password, /undo-email-change; decision 198): the
// link's token is kept in memory only, and spent only when the owner sends a new password (a mail scanner that opens
// the link spends nothing); then the owner signs in with it. A call that got no answer or a 'later' (5xx, 429) spent
// nothing either: the same link and the typed passwords are tried again.
import { Alert, Button, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { failureMessage, mayTryAgain } from '../../api/client.ts'
import { type PasswordLinkInfo, type PasswordLinkPurpose, RECOVERY_MESSAGES } from '../../contract/account-recovery.ts'
import { MESSAGES, RegisterSchema } from '../../contract/auth.ts'
import { ButtonLink } from '../../ui/anchor-link.tsx'
import { revealField } from '../../ui/reveal-field.ts'
import { AuthCard } from './auth-card.tsx'
import { otherAccountHere, stillSignedInHere } from './password-link-words.ts'
import { PasswordField } from '../../ui/password-field.tsx'
import { checkPasswordLink, resetPassword, takeTokenFromAddress, undoEmailChange } from '../../api/account-recovery.ts'

type PasswordLink = {
  purpose: PasswordLinkPurpose
  title: string
  /** What the page says before the form; `email` is the link's account, masked, once the server has said it. */
  intro: (email: string | null) => string
  /** The notification's title on success; its words are the server's. */
  done: string
  /** The way on when the link cannot work: a reset link mailed to the account's address. */
  askAgain: string
  spend: (token: string, password: string) => Promise<{ message: string }>
}

const RESET: PasswordLink = {
  purpose: 'reset',
  title: 'Choose a new password',
  intro: (email) =>
    email
      ? `Choose the new password of the account ${email}. Every device signed in to it will be signed out.`
      : 'Choose the new password of your account. Every device signed in to it will be signed out.',
  done: 'Password changed',
  askAgain: 'Ask for a new link',
  spend: resetPassword,
}

const TAKE_BACK: PasswordLink = {
  purpose: 'undo-email-change',
  title: 'Take your account back',
  intro: (email) =>
    `Someone changed the email address of your account. Choose a new password: your old email address${email ? `, ${email},` : ''} comes back to the account, and every device signed in to it will be signed out.`,
  done: 'Your account is back',
  askAgain: 'Ask for a password reset',
  spend: undoEmailChange,
}

export const ResetPasswordPage = () => <PasswordLinkPage link={RESET} />
export const UndoEmailChangePage = () => <PasswordLinkPage link={TAKE_BACK} />

function PasswordLinkPage({ link }: { link: PasswordLink }) {
  const navigate = useNavigate()
  const [token] = useState(takeTokenFromAddress)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  // On the confirmation, where the register form says it too: that is the field to fix.
  const [mismatch, setMismatch] = useState<string | null>(null)
  const [failed, setFailed] = useState<{ message: string; tryAgain: boolean } | null>(null)
  const [sending, setSending] = useState(false)
  const spentRef = useRef<HTMLDivElement>(null)
  // What the link is for, asked once without spending it: its account (masked), and this device's own if another.
  const [info, setInfo] = useState<PasswordLinkInfo | null>(null)
  useEffect(() => {
    if (!token) return
    let current = true
    checkPasswordLink(token, link.purpose).then(
      (answer) => current && setInfo(answer),
      (err: unknown) => {
        // A link the server refuses cannot be spent: said now, not after the owner typed two passwords. No answer (or
        // a 'later') decides nothing: the form stays, without the account's name.
        if (!current || mayTryAgain(err)) return
        setFailed({ message: failureMessage(err, RECOVERY_MESSAGES.resetInvalid), tryAgain: false })
        revealField(spentRef)
      },
    )
    return () => {
      current = false
    }
  }, [token, link.purpose])
  const otherHere = info?.signedInHere && !info.signedInHere.sameAccount ? info.signedInHere.username : null

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(RegisterSchema.entries.password, password)
    setError(parsed.success ? null : parsed.issues[0].message)
    setMismatch(parsed.success && password !== confirm ? MESSAGES.passwordsDoNotMatch : null)
    if (!parsed.success || password !== confirm) return
    setSending(true)
    try {
      const { message } = await link.spend(token, password)
      // The server's words are about the link's account; this device, signed in to another, stays as it was.
      const said = otherHere ? `${message} ${stillSignedInHere(otherHere)}` : message
      notifications.show({ color: 'green', title: link.done, message: said, autoClose: 20_000 })
      await navigate({ to: '/login', replace: true })
    } catch (err) {
      const tryAgain = mayTryAgain(err)
      setFailed({ message: failureMessage(err, 'The server could not be reached.'), tryAgain })
      setSending(false)
      // The form goes away with the button that had focus: the owner is put on the alert that says why.
      if (!tryAgain) revealField(spentRef)
    }
  }

  if (!token) {
    return (
      <AuthCard title={link.title}>
        <Stack>
          <Alert color="red" title="Link incomplete">
            This link is incomplete. Please open the link from the mail again.
          </Alert>
          <NewLinkButton label={link.askAgain} />
        </Stack>
      </AuthCard>
    )
  }
  // The server said the link is spent, wrong or expired: no password typed here can be set any more, so the form is
  // replaced by the way forward.
  if (failed && !failed.tryAgain) {
    return (
      <AuthCard title={link.title}>
        <Stack>
          <Alert ref={spentRef} tabIndex={-1} color="red" title="Password not changed" role="alert">
            {failed.message}
          </Alert>
          <NewLinkButton label={link.askAgain} />
        </Stack>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={link.title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failed ? (
            <Alert color="red" title="Password not changed" role="alert">
              {failed.message}
              <Text size="sm">{RECOVERY_MESSAGES.linkStillWorks}</Text>
            </Alert>
          ) : null}
          <Text size="sm">{link.intro(info?.email ?? null)}</Text>
          {otherHere ? (
            <Alert color="blue" title="Another account on this phone">
              {otherAccountHere(otherHere)}
            </Alert>
          ) : null}
          <PasswordField label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error} />
          <PasswordField label="Confirm new password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} error={mismatch} />
          <Button type="submit" disabled={sending} fullWidth>
            {sending ? 'Saving...' : failed?.tryAgain ? 'Try again' : 'Set new password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}

/** The way forward from a link that cannot be used: a button-like link, a tap target on a phone. */
function NewLinkButton({ label }: { label: string }) {
  return (
    <ButtonLink to="/forgot-password" variant="light" fullWidth>
      {label}
    </ButtonLink>
  )
}
