// Reading account mail from the SMTP sink: the link of a page (reset-password, verify-email, undo-email-change) sent to
// one address.
import type { ReceivedMail, SmtpSink } from '../fakes/smtp-sink.ts'

/** The mail as text, whatever transfer encoding nodemailer chose (quoted-printable soft breaks and =XX undone). */
export const decodedBody = (mail: ReceivedMail) =>
  mail.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

export async function waitForMail(sink: SmtpSink, to: string, subject: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = sink.mails.filter((m) => m.envelopeTo.includes(to.toLowerCase()) || m.envelopeTo.includes(to))
    const matching = mails.filter((m) => (m.headers.get('subject') ?? '').includes(subject))
    if (matching.length >= count) return matching[count - 1]!
    if (Date.now() > deadline) throw new Error(`No mail ${count} "${subject}" to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The token of the `{publicUrl}/{page}?token=` link in a mail. */
export function linkToken(mail: ReceivedMail, publicUrl: string, page: 'reset-password' | 'verify-email' | 'undo-email-change'): string {
  const escaped = `${publicUrl}/${page}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]+)`).exec(decodedBody(mail))
  if (!match?.[1]) throw new Error(`No ${page} link in the mail`)
  return match[1]
}

export const RESET_SUBJECT = 'Reset your QR Tee password'
export const VERIFY_SUBJECT = 'Confirm your email for QR Tee'
export const EMAIL_CHANGED_SUBJECT = 'Your QR Tee email address was changed'
