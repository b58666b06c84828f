// Owns the contact-support form (spec sections 2, 4, 5 and 8): name, email and message; the captcha when the server
// names a site key; idle -> sending -> 'Message Sent!' for 5 seconds, or the failure text with the fields kept.
import { type FormEvent, useState, useSyncExternalStore } from 'react'
import { SUPPORT_MESSAGES } from '../../contract/support.ts'
import { sendFailureText, sendSupportMessage } from './send-support-message.ts'
import { TurnstileWidget } from './turnstile-widget.tsx'

/** Spec section 9: the success message is shown 5 seconds, then the form returns. */
export const SENT_MESSAGE_MS = 5000

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string }

const noSubscription = () => () => undefined
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false)

/** `captchaSiteKey`: null when the server has no captcha, undefined while its configuration is not known yet. */
export function ContactForm({ captchaSiteKey }: { captchaSiteKey: string | null | undefined }) {
  const hydrated = useHydrated()
  const [fields, setFields] = useState({ name: '', email: '', message: '' })
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [token, setToken] = useState<string | null>(null)
  const [captchaBlocked, setCaptchaBlocked] = useState(false)
  const [widgetGeneration, setWidgetGeneration] = useState(0)
  const captchaRequired = Boolean(captchaSiteKey) && !captchaBlocked
  const sending = status.kind === 'sending'
  const captchaMissing = captchaRequired && !token

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    if (captchaMissing) {
      setStatus({ kind: 'failed', message: SUPPORT_MESSAGES.captchaMissing })
      return
    }
    setStatus({ kind: 'sending' })
    try {
      await sendSupportMessage({ ...fields, ...(token ? { captchaToken: token } : {}) })
      setFields({ name: '', email: '', message: '' })
      setStatus({ kind: 'sent' })
      setTimeout(() => setStatus({ kind: 'idle' }), SENT_MESSAGE_MS)
    } catch (err) {
      setStatus({ kind: 'failed', message: sendFailureText(err) })
    } finally {
      // A token is good for one check, whatever its outcome: the next send needs a fresh one.
      setToken(null)
      setWidgetGeneration((generation) => generation + 1)
    }
  }

  if (status.kind === 'sent') {
    return (
      <div className="ps-card ps-sent" role="status">
        <p className="ps-sent-title">Message Sent!</p>
        <p>Thank you for writing. We reply within 24 hours.</p>
      </div>
    )
  }

  const field = (name: keyof typeof fields) => ({
    id: `contact-${name}`,
    name,
    value: fields[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
  })
  return (
    <form className="ps-form" onSubmit={(event) => void submit(event)} aria-label="Contact support">
      <label htmlFor="contact-name">Name</label>
      <input type="text" autoComplete="name" {...field('name')} />
      <label htmlFor="contact-email">Email</label>
      <input type="email" autoComplete="email" {...field('email')} />
      <label htmlFor="contact-message">Message</label>
      <textarea rows={5} {...field('message')} />
      {captchaSiteKey && !captchaBlocked ? (
        <TurnstileWidget siteKey={captchaSiteKey} generation={widgetGeneration} onToken={setToken} onBlocked={() => setCaptchaBlocked(true)} />
      ) : null}
      {captchaBlocked ? (
        <p className="ps-notice" role="status">
          {SUPPORT_MESSAGES.captchaBlocked}
        </p>
      ) : null}
      {captchaMissing ? (
        <p className="ps-dim" id="contact-captcha-hint">
          {SUPPORT_MESSAGES.captchaMissing}
        </p>
      ) : null}
      {status.kind === 'failed' ? (
        <p className="ps-error" role="alert">
          {status.message}
        </p>
      ) : null}
      <button
        type="submit"
        className="ps-button"
        disabled={!hydrated || sending || captchaMissing}
        aria-describedby={captchaMissing ? 'contact-captcha-hint' : undefined}
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  )
}
