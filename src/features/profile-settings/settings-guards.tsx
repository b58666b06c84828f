// Owns what keeps the settings form's typing: asking before leaving the page with changes, and saying when the stored
// profile changed under the open form, which stays mounted so a sync never overwrites typing (decision 205).
import { Alert, Button } from '@mantine/core'
import { type RefObject, useState } from 'react'
import { DiscardChangesDialog, useLeaveGuard } from '../../ui/unsaved-changes.tsx'

/** In-app navigation waits for 'Discard your changes?'; a reload or a closed tab gets the browser's own question. */
export function LeaveGuard({ hasChanges, released }: { hasChanges: () => boolean; released: RefObject<boolean> }) {
  const leaving = useLeaveGuard({ hasChanges: () => !released.current && hasChanges() })
  return <DiscardChangesDialog opened={leaving.opened} onKeep={leaving.keep} onDiscard={leaving.discard} {...leaving.words} />
}

type NoticeProps = { hasChanges: () => boolean; onShowNew: () => void }

/** Quiet (a status, not an alert): the form keeps what it shows until the owner asks for the new values. */
export function ChangedElsewhereNotice({ hasChanges, onShowNew }: NoticeProps) {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Alert color="blue" variant="light" role="status" title="These settings changed on another device or tab.">
        <Button variant="default" size="sm" mt={4} onClick={() => (hasChanges() ? setAsking(true) : onShowNew())}>
          Show the new values
        </Button>
      </Alert>
      <DiscardChangesDialog
        opened={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false)
          onShowNew()
        }}
        message="Your unsaved changes here will be replaced by the new values."
        discardLabel="Replace them"
      />
    </>
  )
}
