// Owns the 'Continue with Google' button: it leaves for the provider with this tab's sign-in value, or says plainly
// that the server has it off.
import { Alert, Button } from '@mantine/core'
import { IconBrandGoogle, IconInfoCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { checkGoogleSignIn, type GoogleAvailability, googleSignInUrl } from '../../api/auth.ts'
import { beginSignInState } from './oauth-callback.ts'

export function GoogleSignIn() {
  const [checking, setChecking] = useState(false)
  const [unavailable, setUnavailable] = useState<Extract<GoogleAvailability, { available: false }> | null>(null)

  const start = async () => {
    setChecking(true)
    const origin = window.location.origin
    const availability = await checkGoogleSignIn(origin)
    if (availability.available) {
      // Only the tokens that answer this very departure will be accepted on the way back (login CSRF, security.md).
      window.location.assign(googleSignInUrl(origin, beginSignInState()))
      return
    }
    setChecking(false)
    setUnavailable(availability)
  }

  return (
    <>
      <Button variant="default" leftSection={<IconBrandGoogle size={18} aria-hidden />} onClick={start} loading={checking} fullWidth>
        Continue with Google
      </Button>
      {unavailable?.configured === false ? (
        <Alert role="status" color="yellow" icon={<IconInfoCircle aria-hidden />} title="Google sign-in is not available">
          Google sign-in is not configured on this server. Please sign in with your email and password.
        </Alert>
      ) : null}
      {unavailable?.configured ? (
        <Alert role="status" color="red" icon={<IconInfoCircle aria-hidden />} title="Google sign-in failed">
          {unavailable.message || 'Google sign-in could not be started. Please try again.'}
        </Alert>
      ) : null}
    </>
  )
}
