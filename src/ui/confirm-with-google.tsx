// Owns 'Confirm with Google': the recent sign-in a Google-only owner gives before a sensitive change (decision 136),
// offered the same way wherever the server asked for one (the sign-in panel, the account deletion).
import { Button, Text } from '@mantine/core'

export const CONFIRM_WITH_GOOGLE_TEXT = 'Confirm with Google, then come back here and try again.'

/** `onConfirm` leaves for a fresh Google sign-in (max_age=0) that comes back to the page (the route composes it). */
export function ConfirmWithGoogle({ onConfirm }: { onConfirm: () => void }) {
  return (
    <>
      <Text size="sm">{CONFIRM_WITH_GOOGLE_TEXT}</Text>
      {/* At least 44 px tall: a tap target on a phone (style guide). */}
      <Button onClick={onConfirm} mih={44}>
        Confirm with Google
      </Button>
    </>
  )
}

