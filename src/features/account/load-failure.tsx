// Owns what a settings section shows when its load failed: the failure in words and 'Try again', which loads again.
import { Alert, Button } from '@mantine/core'

export function LoadFailure({ title, failure, onRetry }: { title: string; failure: string; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      {failure}
      <Button display="block" mt="xs" mih={44} variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}
