// Owns the create-account page (/register): the form, its messages (spec section 5) and toasts (section 8).
import { Button, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import * as v from 'valibot'
import { register } from '../../api/auth.ts'
import { ApiError, failureMessage } from '../../api/client.ts'
import { CONFLICT_MESSAGES, RegisterFormSchema, RegisterSchema } from '../../contract/auth.ts'
import { AnchorLink, ButtonLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { markNewAccount } from '../../lib/new-account.ts'
import { PasswordField } from '../../ui/password-field.tsx'
import { useAfterSignIn } from './use-after-sign-in.ts'
import { carryEmailToForgot, SUPPORT_LINK, useAccountMail } from './use-account-mail.ts'

export function RegisterPage({ redirect }: { redirect?: string }) {
  const [submitting, setSubmitting] = useState(false)
  // The address the hint shows follows what is typed, so the owner sees their own public address before choosing it.
  const [typedUsername, setTypedUsername] = useState('')
  const [typedEmail, setTypedEmail] = useState('')
  const accountMail = useAccountMail()
  const afterSignIn = useAfterSignIn(redirect)
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(RegisterFormSchema, { sync: true }),
    onValuesChange: (values, previous) => {
      if (values.username !== previous.username) setTypedUsername(values.username.trim())
      if (values.email !== previous.email) setTypedEmail(values.email.trim())
    },
  })

  // The email has an account already: its mailbox's owner may be the one typing, or a stranger registered it first.
  // Said by the field's own error, which the form clears as the email changes.
  const emailTaken = form.errors.email === CONFLICT_MESSAGES.email

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true)
    try {
      // The schema's output is what the server gets: trimmed, and without confirmPassword.
      const account = v.parse(RegisterSchema, values)
      await register(account)
      markNewAccount(account.username)
      notifications.show({ color: 'green', title: 'Registration successful', message: 'You have successfully registered an account.' })
      await afterSignIn()
    } catch (err) {
      // A taken username or email is said on its field, where the owner fixes it, not only in a toast.
      const field = err instanceof ApiError && err.status === 409 ? conflictField(err.message) : undefined
      if (field) {
        form.setFieldError(field, err instanceof Error ? err.message : '')
        form.getInputNode(field)?.focus()
        setSubmitting(false)
        return
      }
      notifications.show({
        color: 'red',
        title: 'Registration failed',
        message: failureMessage(err, 'Something went wrong. Please try again.'),
      })
      setSubmitting(false)
    }
  })

  return (
    <AuthCard title="Create your account">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Username"
            description={`Your public address: ${window.location.host}/profile/${typedUsername || 'your-username'}. Visitors see it.`}
            autoComplete="username"
            autoCapitalize="none"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
          {emailTaken && accountMail === false ? (
            // No reset link can be mailed here: its owner reaches the operator, who can make one.
            <Stack gap={6}>
              <Text size="sm">This site cannot mail a reset link. If the email is yours, contact support.</Text>
              <ButtonLink {...SUPPORT_LINK} variant="light" fullWidth>
                Contact support
              </ButtonLink>
            </Stack>
          ) : emailTaken ? (
            // A password reset mailed to the address is how its owner takes the account back (issue 24); the email
            // typed here goes along, so it is not typed twice.
            // The label wraps and the button grows, as the test-notification button's does: one line was cut at 360 px.
            <ButtonLink
              to="/forgot-password"
              onClick={() => carryEmailToForgot(typedEmail)}
              variant="light"
              fullWidth
              h="auto"
              mih="var(--button-height)"
              py={6}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center' } }}
            >
              It is my email: reset the password
            </ButtonLink>
          ) : null}
          <PasswordField label="Password" autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
           
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" disabled={submitting} fullWidth>
            {submitting ? 'Creating account...' : 'Create account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <AnchorLink to="/login" search={{ redirect }} underline="always">
              Sign in
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}

function conflictField(message: string): 'username' | 'email' | undefined {
  if (message === CONFLICT_MESSAGES.username) return 'username'
  if (message === CONFLICT_MESSAGES.usernameReserved) return 'username'
  if (message === CONFLICT_MESSAGES.email) return 'email'
  return undefined
}
