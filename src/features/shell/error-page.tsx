// Owns the router's error page (spec section 2: 'Unexpected Application Error!'), and the page of a tab whose route
// code belongs to a version the server no longer has: it reloads once onto the new one, or says so, never the raw error.
import { Button, Code, Stack, Title } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { reloadForStaleChunk, staleReloadUnderway } from './stale-chunk.ts'
import { isStaleChunkError } from './update-steps.ts'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  if (isStaleChunkError(error) || staleReloadUnderway()) return <StaleVersionPage />
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

function StaleVersionPage() {
  const [reloading, setReloading] = useState(true)
  useEffect(() => setReloading(reloadForStaleChunk()), [])
  if (reloading) return null
  return (
    <Stack component="main" align="center" gap="md" py={80} px="md" ta="center">
      <Title order={1} fz="h2">
        This page needs the new version of the app: reload when you are online
      </Title>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  )
}
