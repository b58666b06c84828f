// Owns the delivery of stored support messages by mail: a row is claimed (so two servers never send it twice), sent,
// and marked sent, or given a later attempt with exponential backoff. Nothing is lost while SMTP is down; the rows
// simply wait (decision 095).
import { and, asc, eq, isNull, lte, min, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { supportMessages } from '../db/schema.ts'
import type { Logger } from '../http/logging.ts'
import { DEFAULT_MAIL_RETRY, LoopedOutbox, type MailRetry, retryDelayMs } from '../mail/delivery-loop.ts'
import type { SendMail } from '../mail/mail.ts'

export { DEFAULT_MAIL_RETRY, type MailRetry, retryDelayMs }

/** An error's first line, without what nodemailer appends after a colon (server replies may quote addresses). */
function shortError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}${'code' in err && err.code ? ` ${String(err.code)}` : ''}` : 'unknown error'
  return text.slice(0, 200)
}

export class SupportOutbox extends LoopedOutbox {
  constructor(
    private readonly db: Db,
    private readonly send: SendMail,
    private readonly logger: Logger,
    private readonly retry: MailRetry = DEFAULT_MAIL_RETRY,
  ) {
    super((err) => logger.warn({ err }, 'support mail outbox: the database did not answer; trying again later'))
  }

  protected async drain(): Promise<Date | undefined> {
    for (;;) {
      const row = await this.claimNext()
      if (!row) break
      try {
        await this.send({ id: row.id, name: row.name, email: row.email, message: row.message, captcha: row.captcha, createdAt: row.createdAt })
        await this.db
          .update(supportMessages)
          .set({ mailStatus: 'sent', sentAt: new Date(), nextAttemptAt: null, lastError: null })
          .where(eq(supportMessages.id, row.id))
      } catch (err) {
        const delay = retryDelayMs(row.mailAttempts, this.retry)
        this.logger.warn({ err, messageId: row.id, attempts: row.mailAttempts, retryInMs: delay }, 'support mail not sent; kept for a later attempt')
        await this.db
          .update(supportMessages)
          .set({ nextAttemptAt: new Date(Date.now() + delay), lastError: shortError(err) })
          .where(and(eq(supportMessages.id, row.id), eq(supportMessages.mailStatus, 'pending')))
      }
    }
    const [next] = await this.db
      .select({ at: min(supportMessages.nextAttemptAt) })
      .from(supportMessages)
      .where(eq(supportMessages.mailStatus, 'pending'))
    return next?.at ? new Date(next.at) : undefined
  }

  /** The oldest due row, leased to this server (SKIP LOCKED: another server's claim is never waited for). */
  private async claimNext() {
    const now = new Date()
    const due = this.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.mailStatus, 'pending'), or(isNull(supportMessages.nextAttemptAt), lte(supportMessages.nextAttemptAt, now))))
      .orderBy(asc(supportMessages.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await this.db
      .update(supportMessages)
      .set({ nextAttemptAt: new Date(now.getTime() + this.retry.leaseMs), mailAttempts: sql`${supportMessages.mailAttempts} + 1` })
      .where(sql`${supportMessages.id} = (${due})`)
      .returning()
    return row
  }
}
