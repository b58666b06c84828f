// Owns the sign-in page (/login): the form, its messages (spec section 5), toasts (section 8) and Google sign-in.
import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { login } from '../../api/auth.ts'
import { failureMessage } from '../../api/client.ts'
import { LoginSchema } from '../../contract/auth.ts'
import { AnchorLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { PasswordField } from '../../ui/password-field.tsx'
import { GoogleSignIn } from './google-sign-in.tsx'
import { clearSignInFailure, signInFailure } from './oauth-callback.ts'
import { useAfterSignIn } from './use-after-sign-in.ts'
import { takeSignedOutReason } from '../../api/signed-out-reason.ts'

export function LoginPage({ redirect }: { redirect?: string }) {
  const [submitting, setSubmitting] = useState(false)
  // A Google sign-in that just failed comes back here with its reason (set before the router existed); shown once.
  const [googleFailure, setGoogleFailure] = useState(signInFailure)
  // Signed out from another device (issue 24): said once, here.
  const [signedOutReason] = useState(takeSignedOutReason)
  useEffect(() => clearSignInFailure(), [])
  const afterSignIn = useAfterSignIn(redirect)
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  })

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true)
    setGoogleFailure(null)
    try {
      await login(v.parse(LoginSchema, values))
      notifications.show({ color: 'green', title: 'Login successful', message: 'You have successfully logged in.' })
      await afterSignIn()
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Login failed',
        message: failureMessage(err, 'Invalid email or password.'),
      })
      setSubmitting(false)
    }
  })

  return (
    <AuthCard title="Sign in">
      <Stack>
        {googleFailure ? (
          <Alert color="red" title="Login failed" role="alert" withCloseButton onClose={() => setGoogleFailure(null)}>
            {googleFailure}
          </Alert>
        ) : null}
        {signedOutReason ? (
          <Alert color="yellow" title="Signed out" role="status">
            {signedOutReason}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
            <PasswordField
              label="Password"
              autoComplete="current-password"
             
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Text size="sm" ta="right">
              <AnchorLink to="/forgot-password" className="standalone-link">
                Forgot password?
              </AnchorLink>
            </Text>
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? 'Signing in...' : 'Sign in'}
            </Button>
          </Stack>
        </form>
        <Divider label="or" labelPosition="center" />
        <GoogleSignIn redirect={redirect} />
        <Text size="sm" ta="center">
          No account yet?{' '}
          <AnchorLink to="/register" search={{ redirect }} underline="always">
            Create one
          </AnchorLink>
        </Text>
      </Stack>
    </AuthCard>
  )
}
