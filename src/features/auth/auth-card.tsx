// Owns the frame shared by the register and login pages: a centred card with a title.
import { Container, Paper, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container component="main" size={440} py="xl">
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      {/* A narrower inset on the smallest phones, so 'Continue with Google' fits on one line at 320 px. */}
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
        {children}
      </Paper>
    </Container>
  )
}
