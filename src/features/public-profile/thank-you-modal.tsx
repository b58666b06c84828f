// Owns the thank-you after a visitor's purchase: the owner's contact info, revealed now (or that there is none), and
// ways to reach them.
import { IconMail, IconMessage } from '@tabler/icons-react'
import { formatEuro } from '../../lib/money.ts'
import { Dialog } from './dialog.tsx'
import { type ContactActions, noContactText } from './purchase-flow.ts'

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
    <Dialog opened={opened} onClose={onClose} title="Thank you for your gift!">
      <p className="qv-text">
        {itemName ? `You bought ${itemName}` : 'Your gift is bought'}
        {paid !== null ? ` for ${formatEuro(paid)}` : ''}. {ownerName} will be delighted.
      </p>
      {contact.text === null ? (
        // No made-up address (decision 148): the message below is the way to reach them.
        <p className="qv-text">{noContactText(ownerName)}</p>
      ) : (
        <div>
          <p className="qv-small qv-dim">Contact {ownerName}</p>
          {/* Plain React text: the owner's contact info is never interpreted as HTML. */}
          <p className="qv-text" style={{ fontWeight: 600 }}>
            {contact.text}
          </p>
        </div>
      )}
      <div className="qv-end">
        <button type="button" className="qv-btn qv-btn-light" onClick={onSendMessage}>
          <IconMessage size={16} aria-hidden />
          Send message
        </button>
        {contact.email && (
          <a className="qv-btn" href={`mailto:${contact.email}`}>
            <IconMail size={16} aria-hidden />
            Email {contact.email}
          </a>
        )}
      </div>
    </Dialog>
  )
}
