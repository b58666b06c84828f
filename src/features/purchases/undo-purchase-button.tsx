// Owns 'Back on the wishlist' (decision 148): the two-tap undo of a stranger's purchase, in the table or a phone's row.
import { Button, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useId, useRef, useState } from 'react'

export const UNDO_LABEL = 'Back on the wishlist'

type Props = {
  purchaseId: string
  itemName: string
  onUndo: (purchaseId: string) => Promise<void>
  /** On a phone's row the buttons span the row, one above the other: side by side they ran off a 320 px screen. */
  fullWidth?: boolean
}

/** Two taps: the first asks, so a slip of the thumb never puts a real gift back on sale. */
export function UndoPurchaseButton({ purchaseId, itemName, onUndo, fullWidth = false }: Props) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const questionId = useId()
  // Each row's button says whose purchase it undoes; focus follows the question in and, on 'Keep it', back out.
  const name = `${UNDO_LABEL}: ${itemName}`
  const focused = useRef<HTMLButtonElement>(null)
  const answered = useRef(false)
  useEffect(() => {
    if (asking || answered.current) focused.current?.focus()
  }, [asking])
  if (!asking) {
    return (
      <Button ref={focused} aria-label={name} variant={fullWidth ? 'default' : 'subtle'} size="compact-sm" mt={4} px={fullWidth ? undefined : 0} fullWidth={fullWidth} onClick={() => setAsking(true)}>
        {UNDO_LABEL}
      </Button>
    )
  }
  const confirm = (
    <Button
      ref={focused}
      aria-label={name}
      aria-describedby={questionId}
      size="compact-sm"
      color="red"
      loading={busy}
      fullWidth={fullWidth}
      onClick={async () => {
        setBusy(true)
        try {
          await onUndo(purchaseId)
          notifications.show({ color: 'green', title: UNDO_LABEL, message: `${itemName} can be bought again.` })
        } catch (error) {
          setBusy(false)
          notifications.show({ color: 'red', title: 'Error', message: error instanceof Error ? error.message : 'Failed to undo the purchase' })
        }
      }}
    >
      {UNDO_LABEL}
    </Button>
  )
  const keep = (
    <Button
      size="compact-sm"
      variant="default"
      onClick={() => {
        answered.current = true
        setAsking(false)
      }}
      disabled={busy}
      fullWidth={fullWidth}
    >
      Keep it
    </Button>
  )
  const question = (
    <Text size="sm" id={questionId}>
      Was this not a real purchase? {itemName} can then be bought again.
    </Text>
  )
  if (fullWidth) {
    return (
      <Stack gap="xs" mt={4}>
        {question}
        {confirm}
        {keep}
      </Stack>
    )
  }
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      {question}
      {confirm}
      {keep}
    </Group>
  )
}
