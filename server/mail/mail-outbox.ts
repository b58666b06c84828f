// Owns account mail delivery: a mail is a stored row (kind + recipient + payload) claimed by one server, rendered from
// its template, sent, and marked sent (its link removed from the payload), or retried later with the mail backoff
// (delivery-loop.ts). Nothing reaches a log but the kind, the row id and the error's name: never an address, a link or a token.
import { and, asc, eq, isNull, like, lte, min, or, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import type { Logger } from '../http/logging.ts'
import { type RenderedMail, renderMail, type MailKind } from './mail-templates.ts'
import { DEFAULT_MAIL_RETRY, LoopedOutbox, type MailRetry, retryDelayMs } from './delivery-loop.ts'

export type OutgoingMail = { to: string; mail: RenderedMail }
export type DeliverMail = (outgoing: OutgoingMail) => Promise<void>

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }
/** Payload keys that carry a secret: removed from the row once the mail is out, so the table keeps no live link. */
const SECRET_KEYS = ['link']

export function createMailDelivery(smtpUrl: string, from: string): DeliverMail {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  return async ({ to, mail }) => {
    await transport.sendMail({ from: { name: 'QR Tee', address: from }, to, subject: mail.subject, text: mail.text, html: mail.html })
  }
}

const errorName = (err: unknown) =>
  (err instanceof Error ? `${err.name}${'code' in err && err.code ? ` ${String(err.code)}` : ''}` : 'unknown error').slice(0, 200)

/**
 * Stores one mail for delivery (inside the caller's transaction when given one), not sent before `notBefore` when given;
 * the caller kicks the outbox after. Answers the row's id.
 */
export async function enqueueMail(db: Db, kind: MailKind, recipient: string, payload: Record<string, string>, notBefore?: Date): Promise<string> {
  const [row] = await db.insert(mailOutbox).values({ kind, recipient, payload, status: 'pending', nextAttemptAt: notBefore ?? null }).returning({ id: mailOutbox.id })
  return row?.id ?? ''
}

export class MailOutbox extends LoopedOutbox {
  constructor(
    private readonly db: Db,
    private readonly deliver: DeliverMail,
    private readonly logger: Logger,
    private readonly retry: MailRetry = DEFAULT_MAIL_RETRY,
    /** Only recipients ending with this (AppDeps.mailScope); unset: every row. */
    private readonly scope?: string,
  ) {
    super((err) => logger.warn({ error: errorName(err) }, 'account mail outbox: the database did not answer; trying again later'))
  }

  protected async drain(): Promise<Date | undefined> {
    for (;;) {
      const row = await this.claimNext()
      if (!row) break
      const mail = renderMail(row.kind, row.payload)
      try {
        if (!mail) throw new Error(`unknown mail kind`)
        await this.deliver({ to: row.recipient, mail })
        let payload = sql`${mailOutbox.payload}`
        for (const key of SECRET_KEYS) payload = sql`${payload} - ${key}::text`
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), nextAttemptAt: null, lastError: null, payload })
          .where(eq(mailOutbox.id, row.id))
      } catch (err) {
        const delay = retryDelayMs(row.attempts, this.retry)
        this.logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, error: errorName(err) }, 'account mail not sent; kept for a later attempt')
        await this.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() + delay), lastError: errorName(err) })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')))
      }
    }
    const [next] = await this.db.select({ at: min(mailOutbox.nextAttemptAt) }).from(mailOutbox).where(and(eq(mailOutbox.status, 'pending'), this.inScope()))
    return next?.at ? new Date(next.at) : undefined
  }

  private inScope() {
    return this.scope ? like(mailOutbox.recipient, `%${this.scope}`) : undefined
  }

  /** The oldest due row, leased to this server (SKIP LOCKED: another server's claim is never waited for). */
  private async claimNext() {
    const now = new Date()
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), this.inScope(), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + this.retry.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(sql`${mailOutbox.id} = (${due})`)
      .returning()
    return row
  }
}
