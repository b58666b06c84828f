// Owns the thank-you after a visitor's purchase: the owner's contact info, revealed now, and ways to reach them.
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconMail, IconMessage } from '@tabler/icons-react'
import { formatEuro } from '../../lib/money.ts'
import type { ContactActions } from './purchase-flow.ts'
import { SECONDARY_TEXT } from './text-colors.ts'

export type ThankYouModalProps = {
  opened: boolean
  onClose: () => void
  ownerName: string
  itemName: string | null
  paid: number | null
  contact: ContactActions
  onSendMessage: () => void
}

export function ThankYouModal({ opened, onClose, ownerName, itemName, paid, contact, onSendMessage }: ThankYouModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Thank you for your gift!" centered>
      <Stack gap="md">
        <Text>
          {itemName ? `You bought ${itemName}` : 'Your gift is bought'}
          {paid !== null ? ` for ${formatEuro(paid)}` : ''}. {ownerName} will be delighted.
        </Text>
        <div>
          <Text size="sm" c={SECONDARY_TEXT}>
            Contact {ownerName}
          </Text>
          {/* Plain React text: the owner's contact info is never interpreted as HTML. */}
          <Text fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {contact.text}
          </Text>
        </div>
        <Group justify="flex-end" gap="xs">
          <Button variant="light" leftSection={<IconMessage size={16} aria-hidden />} onClick={onSendMessage}>
            Send message
          </Button>
          {contact.email && (
            <Button component="a" href={`mailto:${contact.email}`} leftSection={<IconMail size={16} aria-hidden />}>
              Email {contact.email}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  )
}
