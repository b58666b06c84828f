// Owns the stand-in for pages whose feature is not built yet: the route exists and says what it will be.
import { Container, Title } from '@mantine/core'
import { SiteHeader } from './site-header.tsx'

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <SiteHeader />
      <Container component="main" size="md" py="xl">
        <Title order={1}>{title}</Title>
      </Container>
    </>
  )
}
