// Owns what /oauth/callback shows when it arrived without tokens (the provider refused or the link was cut).
// No images, fonts or scripts from elsewhere here: nothing on this page may learn the address it was opened with.
import { Alert, Container, Text } from '@mantine/core'
import { AnchorLink } from '../../lib/anchor-link.tsx'

export function OAuthCallbackFailed({ error }: { error?: string }) {
  return (
    <Container component="main" size={440} py="xl">
      <Alert color="red" title="Google sign-in failed">
        <Text size="sm">{error ? `The provider answered: ${error}.` : 'The sign-in did not return a session.'}</Text>
        <AnchorLink to="/login" size="sm">
          Back to sign in
        </AnchorLink>
      </Alert>
    </Container>
  )
}
