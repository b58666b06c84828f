// Owns outgoing mail: one nodemailer transport per SMTP_URL, and the support message as a mail to SUPPORT_EMAIL_TO
// that a reply answers the visitor (Reply-To), while it is always sent From our own address, never the visitor's.
import nodemailer from 'nodemailer'

export type SupportMail = { name: string; email: string; message: string; id: string; captcha: string; createdAt: Date }
export type SendMail = (mail: SupportMail) => Promise<void>

/** An unreachable or silent SMTP server fails the attempt in bounded time; the outbox retries it later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** Header values must not carry line breaks (a name cannot add headers); nodemailer also guards, this keeps it readable. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim()

export function createSupportMailSender(smtpUrl: string, supportEmailTo: string): SendMail {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  return async (mail) => {
    await transport.sendMail({
      // Our own address: sending "from" the visitor would be spoofing their domain and fail SPF/DMARC.
      from: { name: 'QR Tee support form', address: supportEmailTo },
      to: supportEmailTo,
      replyTo: { name: oneLine(mail.name), address: mail.email },
      subject: `Support request from ${oneLine(mail.name)}`.slice(0, 160),
      text: [
        mail.message,
        '',
        '--',
        `From: ${oneLine(mail.name)} <${mail.email}>`,
        `Received: ${mail.createdAt.toISOString()}`,
        `Captcha: ${mail.captcha}`,
        `Message id: ${mail.id}`,
      ].join('\n'),
    })
  }
}
