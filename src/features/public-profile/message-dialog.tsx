// Owns the visitor's message to the owner after a purchase; sending is simulated, as the spec says.
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { validateMessage } from './purchase-flow.ts'

/** Spec section 9: the message toast shows for 2 s. */
const MESSAGE_TOAST_MS = 2000
const EMPTY = { email: '', message: '' }

export function MessageDialog({ opened, onClose, ownerName }: { opened: boolean; onClose: () => void; ownerName: string }) {
  const [fields, setFields] = useState(EMPTY)

  function send() {
    const problem = validateMessage(fields)
    if (problem) {
      notifications.show({ title: problem, message: 'Your email and a message are both needed.', color: 'red' })
      return
    }
    notifications.show({ title: 'Message sent', message: `Your message to ${ownerName} is on its way.`, color: 'green', autoClose: MESSAGE_TOAST_MS })
    setFields(EMPTY)
    onClose()
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Send a message to ${ownerName}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Your Email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(event) => setFields({ ...fields, email: event.currentTarget.value })}
          />
          <Textarea
            label="Message"
            autosize
            minRows={4}
            value={fields.message}
            onChange={(event) => setFields({ ...fields, message: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Send</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
