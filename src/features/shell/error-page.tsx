// Owns the router's error page (spec section 2: 'Unexpected Application Error!').
import { Button, Code, Stack, Title } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  return (
    <Stack component="main" align="center" gap="md" py={80} px="md" ta="center">
      <Title order={1}>Unexpected Application Error!</Title>
      {/* Rendered as text: an error message may contain user input. */}
      {error instanceof Error && error.message ? <Code>{error.message}</Code> : null}
      <Button variant="light" onClick={reset}>
        Try again
      </Button>
    </Stack>
  )
}
