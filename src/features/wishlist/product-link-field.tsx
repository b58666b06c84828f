// Owns the product form's 'Product link' field: the link itself, 'Fill from link' and fill-on-paste (issue 28).
import { Alert, Button, Group, Text, TextInput } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { useNetwork } from '@mantine/hooks'
import { IconLink } from '@tabler/icons-react'
import type { ClipboardEvent } from 'react'
import { LINK_PREVIEW_MESSAGES } from '../../contract/link-preview.ts'

// One product form is open at a time, so one id serves.
const OFFLINE_NOTE_ID = 'product-link-offline-note'

type Props = {
  inputProps: GetInputPropsReturnType
  value: string
  filling: boolean
  /** What came from the page, or why nothing did. */
  note: { kind: 'filled' | 'problem'; text: string } | null
  otherCurrencyPrice?: string
  onFill: (url: string) => void
}

export function ProductLinkField({ inputProps, value, filling, note, otherCurrencyPrice, onFill }: Props) {
  const { online } = useNetwork()
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').trim()
    // Only a link pasted into an empty field: pasting over a typed link is editing it, not asking for a preview.
    if (!online || !pasted || value.trim() !== '') return
    // onFill puts the link in the field itself; the browser's own insertion would then add it a second time.
    event.preventDefault()
    onFill(pasted)
  }
  return (
    <div>
      <TextInput
        label="Product link"
        type="url"
        inputMode="url"
        placeholder="https://"
        leftSection={<IconLink size={16} aria-hidden />}
        onPaste={paste}
        {...inputProps}
      />
      <Group mt="xs" gap="xs">
        <Button variant="light" size="sm" onClick={() => onFill(value)} loading={filling} disabled={!online || value.trim() === ''} aria-describedby={online ? undefined : OFFLINE_NOTE_ID}>
          Fill from link
        </Button>
      </Group>
      {/* Under the button, not in its label: a button's label does not wrap, and this one was cut at 320-360 px. */}
      {!online && (
        <Text size="sm" mt="xs" c="dimmed" id={OFFLINE_NOTE_ID}>
          {LINK_PREVIEW_MESSAGES.offline}
        </Text>
      )}
      {note && (
        <Text size="sm" mt="xs" c={note.kind === 'problem' ? 'red.8' : 'dimmed'} role="status" data-testid="link-preview-note">
          {note.text}
        </Text>
      )}
      {otherCurrencyPrice && (
        <Alert mt="xs" color="yellow" variant="light" data-testid="link-preview-price">
          The page gives the price as {otherCurrencyPrice}. Enter the price in euro yourself.
        </Alert>
      )}
    </div>
  )
}
