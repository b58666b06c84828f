// Owns the page for unknown routes (spec section 2: '404', 'Oops! Page not found', 'Return to Home').
import { Stack, Text, Title } from '@mantine/core'
import { ButtonLink } from '../../ui/anchor-link.tsx'
import { SiteHeader } from './site-header.tsx'

export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <Stack component="main" align="center" gap="md" py={80} px="md" ta="center">
        <Title order={1} fz={72}>
          404
        </Title>
        <Text size="xl">Oops! Page not found</Text>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </Stack>
    </>
  )
}
