// Owns what /oauth/callback shows when it did not sign anyone in: the provider refused or the link was cut, or tokens
// arrived that no sign-in of this tab asked for and were thrown away. No images, fonts or scripts from elsewhere here:
// nothing on this page may learn the address it was opened with.
import { Alert, Container, Text } from '@mantine/core'
import { AnchorLink } from '../../ui/anchor-link.tsx'

export function OAuthCallbackFailed({ error }: { error?: string }) {
  return (
    <Container component="main" size={440} py="xl">
      <Alert color="red" title="Google sign-in failed">
        <Text size="sm">{error ? `The provider answered: ${error}.` : 'The sign-in did not return a session.'}</Text>
        <AnchorLink to="/login" size="sm" className="standalone-link">
          Back to sign in
        </AnchorLink>
      </Alert>
    </Container>
  )
}

/** `signedIn`: the session this browser already had, which the ignored link did not touch. */
export function OAuthCallbackIgnored({ signedIn }: { signedIn: boolean }) {
  return (
    <Container component="main" size={480} py="xl">
      <Alert color="yellow" title="Sign-in link ignored">
        <Text size="sm">
          This sign-in link was not started from this browser tab, so it was ignored. Someone may have sent it to sign you
          in to an account that is not yours.
        </Text>
        <Text size="sm" mt="xs">
          {signedIn ? 'You are still signed in as before, and your changes on this device are kept.' : 'You are not signed in.'}{' '}
          To sign in with Google, use the button on the sign-in page.
        </Text>
        {signedIn ? (
          <AnchorLink to="/dashboard" size="sm" className="standalone-link">
            Back to your dashboard
          </AnchorLink>
        ) : (
          <AnchorLink to="/login" size="sm" className="standalone-link">
            Go to sign in
          </AnchorLink>
        )}
      </Alert>
    </Container>
  )
}
