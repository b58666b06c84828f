// Owns the delivery of stored support messages by mail: a row is claimed (so two servers never send it twice), sent,
// and marked sent, or given a later attempt with exponential backoff. Nothing is lost while SMTP is down; the rows
// simply wait (decision 095).
import { and, asc, eq, isNull, lte, min, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { supportMessages } from '../db/schema.ts'
import type { Logger } from '../http/logging.ts'
import type { SendMail } from '../mail/mail.ts'

export type MailRetry = {
  /** Wait after the first failed attempt; each further failure doubles it, up to `maxMs`. */
  firstMs: number
  maxMs: number
  /** A claimed row whose sender died is tried again after this long. */
  leaseMs: number
}

export const DEFAULT_MAIL_RETRY: MailRetry = { firstMs: 5_000, maxMs: 60 * 60_000, leaseMs: 2 * 60_000 }

/** When nothing is due, the outbox still looks again this often (rows stored by another server). */
const IDLE_RECHECK_MS = 10 * 60_000
/** After a database error the outbox waits this long before trying again. */
const DATABASE_RETRY_MS = 30_000

/** Backoff for the attempt after `attempts` failures, with up to 20% jitter so servers do not retry in step. */
export function retryDelayMs(attempts: number, retry: MailRetry, random = Math.random): number {
  const base = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (1 + 0.2 * random()))
}

/** An error's first line, without what nodemailer appends after a colon (server replies may quote addresses). */
function shortError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}${'code' in err && err.code ? ` ${String(err.code)}` : ''}` : 'unknown error'
  return text.slice(0, 200)
}

export class SupportOutbox {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly send: SendMail,
    private readonly logger: Logger,
    private readonly retry: MailRetry = DEFAULT_MAIL_RETRY,
  ) {}

  /** Delivers whatever is due now, in the background; never throws and never rejects. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    clearTimeout(this.timer)
    this.running = this.drain()
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'support mail outbox: the database did not answer; trying again later')
        this.schedule(DATABASE_RETRY_MS)
      })
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          this.kick()
        }
      })
  }

  /** Waits for the delivery in progress (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer)
    if (this.stopped) return
    // unref: a pending retry never keeps a test run or a shutting-down process alive.
    this.timer = setTimeout(() => this.kick(), Math.max(50, delayMs)).unref()
  }

  private async drain(): Promise<void> {
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
    const at = next?.at ? new Date(next.at).getTime() : undefined
    this.schedule(at === undefined ? IDLE_RECHECK_MS : Math.min(IDLE_RECHECK_MS, at - Date.now()))
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
