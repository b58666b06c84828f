// Owns the sign-in page (/login): the form, its messages (spec section 5), its refusal ('Login failed', said in the
// form) and Google sign-in.
import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { login } from '../../api/auth.ts'
import { LoginSchema } from '../../contract/auth.ts'
import { AnchorLink } from '../../ui/anchor-link.tsx'
import { AuthCard } from './auth-card.tsx'
import { PasswordField } from '../../ui/password-field.tsx'
import { GoogleSignIn } from './google-sign-in.tsx'
import { clearSignInFailure, signInFailure } from './oauth-callback.ts'
import { useAfterSignIn } from './use-after-sign-in.ts'
import { firstInvalidField, loginRefusal } from './login-refusal.ts'
import { takeSignedOutReason } from '../../api/signed-out-reason.ts'
import { SIGNED_OUT_BY_OWNER } from '../../contract/devices.ts'
import { keptChangesSentence, useKeptChanges } from './kept-changes.ts'

/** The toast of a successful sign-in, by id: the next visit to /login (after Logout) takes it away. */
const SIGNED_IN_TOAST = 'login-successful'
const FIELD_ORDER = ['email', 'password'] as const

export function LoginPage({ redirect }: { redirect?: string }) {
  const [submitting, setSubmitting] = useState(false)
  // The refusal, said once in the form (not a toast: a toast per try stacked over the fields at 360 px). A Google
  // sign-in that just failed comes back here with its reason (set before the router existed) and is said the same way.
  const [failure, setFailure] = useState(signInFailure)
  const alertRef = useRef<HTMLDivElement>(null)
  // Signed out from another device (issue 24): said once, here.
  const [signedOutReason] = useState(takeSignedOutReason)
  const keptChanges = useKeptChanges(signedOutReason === SIGNED_OUT_BY_OWNER)
  useEffect(() => {
    clearSignInFailure()
    notifications.hide(SIGNED_IN_TOAST)
  }, [])
  const afterSignIn = useAfterSignIn(redirect)
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  })

  const submit = form.onSubmit(
    async (values) => {
      setSubmitting(true)
      setFailure(null)
      try {
        await login(v.parse(LoginSchema, values))
        notifications.show({ id: SIGNED_IN_TOAST, color: 'green', title: 'Login successful', message: 'You have successfully logged in.' })
        await afterSignIn()
      } catch (err) {
        const refusal = loginRefusal(err)
        setFailure(refusal.message)
        setSubmitting(false)
        // Wrong credentials mark both fields (either may be the wrong one) and put the owner back on Password; a
        // refusal that is not about them (no answer, the rate limit) takes focus to the alert that says why.
        if (refusal.fieldsWrong) {
          form.setErrors({ email: true, password: true })
          form.getInputNode('password')?.focus()
        } else requestAnimationFrame(() => alertRef.current?.focus())
      }
    },
    (errors) => {
      const field = firstInvalidField(FIELD_ORDER, errors)
      if (field) form.getInputNode(field)?.focus()
    },
  )

  return (
    <AuthCard title="Sign in">
      <Stack>
        {failure ? (
          <Alert ref={alertRef} tabIndex={-1} color="red" title="Login failed" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        ) : null}
        {signedOutReason ? (
          <Alert color="yellow" title="Signed out" role="status">
            {signedOutReason}
            {keptChanges > 0 ? <Text size="sm" mt={4}>{keptChangesSentence(keptChanges)}</Text> : null}
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
