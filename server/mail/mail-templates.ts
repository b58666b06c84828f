// Owns the words of account mail: one plain-text and one simple HTML body per kind, from the kind's payload. Pure, so
// a table test can read every template. 'notification' carries its words in the payload (server/notifications/).
export type MailKind = 'verify-email' | 'reset-password' | 'email-changed' | 'new-device' | 'notification' | 'gift-summary'
export type RenderedMail = { subject: string; text: string; html: string }

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/** Paragraphs and at most one button link; every value is escaped, so a username cannot add markup. */
function compose(subject: string, paragraphs: string[], link?: { label: string; href: string }, after: string[] = []): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), ...after, '', '-- QR Tee'].join('\n\n')
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map(p).join('')}${button}${after.map(p).join('')}<p>-- QR Tee</p></body></html>`
  return { subject, text, html }
}

const field = (payload: Record<string, string>, key: string) => payload[key] ?? ''

export const MAIL_TEMPLATES: Record<MailKind, (payload: Record<string, string>) => RenderedMail> = {
  'verify-email': (payload) =>
    compose(
      'Confirm your email for QR Tee',
      [`Hello ${field(payload, 'username')},`, 'Please confirm that this is your email address. The link works once, for 24 hours.'],
      { label: 'Confirm my email', href: field(payload, 'link') },
      ['If you did not create a QR Tee account, ignore this mail: nothing will be linked to your address.'],
    ),
  'reset-password': (payload) =>
    compose(
      'Reset your QR Tee password',
      [`Hello ${field(payload, 'username')},`, 'Someone asked to reset the password of your QR Tee account. The link works once, for 1 hour.'],
      { label: 'Choose a new password', href: field(payload, 'link') },
      ['If it was not you, ignore this mail: your password stays as it is. A reset signs out every device.'],
    ),
  // The take-back link (decision 198) works whatever the address becomes next; a row stored before it existed has none.
  'email-changed': (payload) =>
    field(payload, 'link')
      ? compose(
          'Your QR Tee email address was changed',
          [
            `Hello ${field(payload, 'username')},`,
            `The email address of your QR Tee account was changed to ${field(payload, 'newEmail')}.`,
            'If this was not you, take your account back with the link below: it puts this address back on the account, lets you choose a new password and signs out every device. It works once, for 7 days, even if the address is changed again.',
          ],
          { label: 'This was not me: take my account back', href: field(payload, 'link') },
          ['If it was you, ignore this mail.'],
        )
      : compose('Your QR Tee email address was changed', [
          `Hello ${field(payload, 'username')},`,
          `The email address of your QR Tee account was changed to ${field(payload, 'newEmail')}.`,
          'If this was not you, contact support from the help center and give them this address.',
        ]),
  'new-device': (payload) =>
    compose('New sign-in to your QR Tee account', [
      `Hello ${field(payload, 'username')},`,
      `Your account was signed in on ${field(payload, 'device')}.`,
      'If this was not you, change your password and sign out that device in Profile settings.',
    ]),
  // A gift, a message or an order's news (issue 29): the words were written by server/notifications/notification-texts.ts.
  notification: notificationMail,
  // The same shape; its own kind so a pending summary can be found and grown while it waits (decision 151).
  'gift-summary': notificationMail,
}

function notificationMail(payload: Record<string, string>): RenderedMail {
  const paragraphs = field(payload, 'paragraphs').split('\n\n')
  return compose(field(payload, 'subject'), paragraphs, { label: field(payload, 'linkLabel'), href: field(payload, 'link') })
}

/** The template of `kind`, or undefined for a kind this version does not know (a row from a newer server). */
export function renderMail(kind: string, payload: Record<string, string>): RenderedMail | undefined {
  return Object.hasOwn(MAIL_TEMPLATES, kind) ? MAIL_TEMPLATES[kind as MailKind](payload) : undefined
}
