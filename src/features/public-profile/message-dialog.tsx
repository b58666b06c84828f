// Owns the visitor's message to the owner after a purchase: stored with the purchase for the owner (decision 148),
// each problem (empty, not an email, too long, refused by the server) marked on its field, every other failure said
// in the dialog, and the text always kept: also when the dialog is closed, until it is sent.
import { type ReactNode, useId, useRef, useState } from 'react'
import { Dialog } from './dialog.tsx'
import { PURCHASE_MESSAGES, VISITOR_MESSAGE_MAX } from '../../contract/purchase.ts'
import { fieldOfRefusal, messageProblems } from './message-checks.ts'
import { MESSAGE_FIELD_ERRORS, MESSAGE_FIELDS_REQUIRED, type MessageField, type MessageProblems } from './purchase-flow.ts'
import { newIdempotencyKey, sendPurchaseMessage } from './record-purchase.ts'
import { settleMessage } from './remembered-purchases.ts'
import { showToast } from './toast-store.ts'

/** Spec section 9: the message toast shows for 2 s. */
const MESSAGE_TOAST_MS = 2000
const EMPTY = { email: '', message: '' }
/** The counter shows once this few characters are left: earlier it is only noise. */
const COUNTER_FROM_LEFT = 200
/**
 * The draft and the Idempotency-Key of each purchase's message, for this page's life: Cancel, Escape or a tap beside
 * the dialog must not lose what the buyer wrote, and a resend after a lost answer stays the same message.
 */
const drafts = new Map<string, { fields: typeof EMPTY; key: string }>()
function draftOf(purchaseId: string | null): { fields: typeof EMPTY; key: string } {
  if (purchaseId === null) return { fields: EMPTY, key: newIdempotencyKey() }
  let draft = drafts.get(purchaseId)
  if (!draft) drafts.set(purchaseId, (draft = { fields: EMPTY, key: newIdempotencyKey() }))
  return draft
}
/** Answers after which no message can follow this purchase: the card stops offering one. */
const SETTLED_BY = new Set<string>([PURCHASE_MESSAGES.messageAlreadySent, PURCHASE_MESSAGES.purchaseNotFound, PURCHASE_MESSAGES.purchaseUndone])

export type MessageDialogProps = {
  /** The purchase the message goes with; null keeps the dialog closed. Give it as the key, so each has its own draft. */
  purchaseId: string | null
  shareableId: string
  onClose: () => void
  ownerName: string
}

export function MessageDialog({ purchaseId, shareableId, onClose, ownerName }: MessageDialogProps) {
  const [fields, setFields] = useState(() => draftOf(purchaseId).fields)
  const [problems, setProblems] = useState<MessageProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const refs = { email: useRef<HTMLInputElement>(null), message: useRef<HTMLTextAreaElement>(null) }
  const ids = { email: useId(), message: useId() }

  function edit(field: MessageField, value: string) {
    const next = { ...fields, [field]: value }
    setFields(next)
    if (purchaseId !== null) drafts.set(purchaseId, { ...draftOf(purchaseId), fields: next })
    if (problems[field] && value.trim() !== '') setProblems({ ...problems, [field]: undefined })
  }

  async function send() {
    if (purchaseId === null || sending) return
    const found = messageProblems(fields)
    setProblems(found)
    const first = (['email', 'message'] as const).find((field) => found[field])
    if (first) {
      refs[first].current?.focus()
      return
    }
    setSending(true)
    setFailure(null)
    const outcome = await sendPurchaseMessage(shareableId, purchaseId, fields, { online: navigator.onLine, idempotencyKey: draftOf(purchaseId).key })
    setSending(false)
    if (!outcome.ok) {
      if (SETTLED_BY.has(outcome.error)) settleMessage(purchaseId)
      const field = fieldOfRefusal(outcome.error)
      if (field === null) setFailure(outcome.error)
      else {
        setProblems({ [field]: outcome.error })
        refs[field].current?.focus()
      }
      return
    }
    showToast({ title: 'Message sent', message: `${ownerName} will find your message with this purchase.`, tone: 'green', autoCloseMs: MESSAGE_TOAST_MS })
    drafts.delete(purchaseId)
    settleMessage(purchaseId)
    onClose()
  }

  const missing = problems.email === MESSAGE_FIELD_ERRORS.email || problems.message === MESSAGE_FIELD_ERRORS.message
  const left = VISITOR_MESSAGE_MAX - fields.message.length
  return (
    <Dialog opened={purchaseId !== null} onClose={onClose} title={`Send a message to ${ownerName}`}>
      <form
        noValidate
        className="qv-stack"
        style={{ gap: 12 }}
        aria-busy={sending}
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <Field id={ids.email} label="Your Email" problem={problems.email}>
          <input
            ref={refs.email}
            id={ids.email}
            type="email"
            autoComplete="email"
            value={fields.email}
            aria-invalid={problems.email !== undefined}
            aria-describedby={problems.email ? `${ids.email}-error` : undefined}
            onChange={(event) => edit('email', event.currentTarget.value)}
          />
        </Field>
        <Field id={ids.message} label="Message" problem={problems.message}>
          <textarea
            ref={refs.message}
            id={ids.message}
            rows={4}
            // The server's limit: a longer message stops at the keyboard instead of being refused after it was written.
            maxLength={VISITOR_MESSAGE_MAX}
            value={fields.message}
            aria-invalid={problems.message !== undefined}
            aria-describedby={problems.message ? `${ids.message}-error` : undefined}
            onChange={(event) => edit('message', event.currentTarget.value)}
          />
          {left <= COUNTER_FROM_LEFT && (
            <p className="qv-small qv-dim qv-counter" aria-live="polite">
              {left === 1 ? '1 character left' : `${left} characters left`}
            </p>
          )}
        </Field>
        {(missing || failure) && (
          <p className="qv-small qv-error" role="alert">
            {failure ?? MESSAGE_FIELDS_REQUIRED}
          </p>
        )}
        <div className="qv-end">
          <button type="button" className="qv-btn qv-btn-default" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="qv-btn" disabled={sending}>
            {sending ? 'Sending...' : 'Send'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

function Field({ id, label, problem, children }: { id: string; label: string; problem: string | undefined; children: ReactNode }) {
  return (
    <div className="qv-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {problem && (
        <p id={`${id}-error`} className="qv-field-error">
          {problem}
        </p>
      )}
    </div>
  )
}
