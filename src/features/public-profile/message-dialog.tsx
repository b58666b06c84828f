// Owns the visitor's message to the owner after a purchase; sending is simulated, as the spec says.
import { useState } from 'react'
import { Dialog } from './dialog.tsx'
import { validateMessage } from './purchase-flow.ts'
import { showToast } from './toasts.tsx'

/** Spec section 9: the message toast shows for 2 s. */
const MESSAGE_TOAST_MS = 2000
const EMPTY = { email: '', message: '' }

export function MessageDialog({ opened, onClose, ownerName }: { opened: boolean; onClose: () => void; ownerName: string }) {
  const [fields, setFields] = useState(EMPTY)

  function send() {
    const problem = validateMessage(fields)
    if (problem) {
      showToast({ title: problem, message: 'Your email and a message are both needed.', tone: 'red' })
      return
    }
    showToast({ title: 'Message sent', message: `Your message to ${ownerName} is on its way.`, tone: 'green', autoCloseMs: MESSAGE_TOAST_MS })
    setFields(EMPTY)
    onClose()
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={`Send a message to ${ownerName}`}>
      <form
        noValidate
        className="qv-stack"
        style={{ gap: 12 }}
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <label className="qv-field">
          Your Email
          <input type="email" autoComplete="email" value={fields.email} onChange={(event) => setFields({ ...fields, email: event.currentTarget.value })} />
        </label>
        <label className="qv-field">
          Message
          <textarea rows={4} value={fields.message} onChange={(event) => setFields({ ...fields, message: event.currentTarget.value })} />
        </label>
        <div className="qv-end">
          <button type="button" className="qv-btn qv-btn-default" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="qv-btn">
            Send
          </button>
        </div>
      </form>
    </Dialog>
  )
}
