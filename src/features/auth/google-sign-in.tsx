// Owns the 'Continue with Google' button: enabled only when GET /api/public/config says the server has Google sign-in
// on (the one check the page makes), saying why otherwise; it leaves for the provider with this tab's sign-in value.
import { Button, Text } from '@mantine/core'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { googleSignInUrl } from '../../api/auth.ts'
import { fetchPublicConfig } from '../../api/public-config.ts'
import { beginSignInState } from './oauth-callback.ts'

type Availability = 'checking' | 'on' | 'off' | 'unknown'

export const GOOGLE_UNAVAILABLE_TEXTS = {
  off: 'Google sign-in is not configured on this server. Please sign in with your email and password.',
  unknown: 'Google sign-in is unavailable: the server could not be reached. Check your connection and reload the page.',
} as const

/** `redirect`: where to go after signing in (the login page's own), carried across the trip to Google. */
export function GoogleSignIn({ redirect }: { redirect?: string }) {
  const [availability, setAvailability] = useState<Availability>('checking')
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    fetchPublicConfig(controller.signal).then(
      (config) => setAvailability(config.googleSignIn ? 'on' : 'off'),
      () => {
        if (!controller.signal.aborted) setAvailability('unknown')
      },
    )
    return () => controller.abort()
  }, [])

  const start = () => {
    setLeaving(true)
    // Only the tokens that answer this very departure will be accepted on the way back (login CSRF, decision 079).
    window.location.assign(googleSignInUrl(window.location.origin, beginSignInState(undefined, redirect)))
  }

  const why = availability === 'off' || availability === 'unknown' ? GOOGLE_UNAVAILABLE_TEXTS[availability] : null
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={start}
        loading={availability === 'checking' || leaving}
        disabled={availability !== 'on'}
        aria-describedby={why ? 'google-sign-in-unavailable' : undefined}
        fullWidth
      >
        Continue with Google
      </Button>
      {why ? (
        <Text id="google-sign-in-unavailable" role="status" size="sm" c="dimmed" ta="center">
          {why}
        </Text>
      ) : null}
    </>
  )
}
