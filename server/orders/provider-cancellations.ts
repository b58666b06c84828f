// Owns the cancelling of deleted accounts' draft orders at the print provider: the deletion records them in
// provider_cancellations; here a row is leased (so two servers never work one row at once), cancelled and deleted, or
// given a later attempt with exponential backoff. A restarted server simply continues with the rows still left.
import { and, asc, eq, isNull, lte, min, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { providerCancellations } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { ApiError } from '../http/http.ts'
import { createLogger, type Logger } from '../http/logging.ts'
import { DEFAULT_MAIL_RETRY, LoopedOutbox, type MailRetry, retryDelayMs } from '../mail/delivery-loop.ts'
import { type PrintProvider, printProviderFor } from './print-provider/index.ts'

export class ProviderCancellations extends LoopedOutbox {
  constructor(
    private readonly db: Db,
    private readonly provider: PrintProvider,
    private readonly logger: Logger,
    private readonly retry: MailRetry = DEFAULT_MAIL_RETRY,
  ) {
    super((err) => logger.warn({ err }, 'provider cancellations: the database did not answer; trying again later'))
  }

  protected async drain(): Promise<Date | undefined> {
    for (;;) {
      if (this.stopped) return undefined
      const row = await this.claimNext()
      if (!row) break
      const done = and(eq(providerCancellations.provider, row.provider), eq(providerCancellations.providerOrderId, row.providerOrderId))
      try {
        await this.provider.cancelOrder(row.providerOrderId)
        await this.db.delete(providerCancellations).where(done)
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) {
          // Refused: the order left draft before the deletion (it is in production); it stays with the provider.
          this.logger.warn({ providerOrderId: row.providerOrderId, reason: err.message }, 'the provider refused to cancel a deleted account’s order; left for fulfilment')
          await this.db.delete(providerCancellations).where(done)
          continue
        }
        const delay = retryDelayMs(row.attempts, this.retry)
        this.logger.warn({ err, providerOrderId: row.providerOrderId, attempts: row.attempts, retryInMs: delay }, 'provider order not cancelled; kept for a later attempt')
        const lastError = (err instanceof Error ? `${err.name}: ${err.message}` : 'unknown error').slice(0, 200)
        await this.db
          .update(providerCancellations)
          .set({ nextAttemptAt: new Date(Date.now() + delay), lastError })
          .where(done)
      }
    }
    const [next] = await this.db
      .select({ at: min(providerCancellations.nextAttemptAt) })
      .from(providerCancellations)
      .where(eq(providerCancellations.provider, this.provider.kind))
    return next?.at ? new Date(next.at) : undefined
  }

  /**
   * The oldest due row of this server's provider, leased to it (SKIP LOCKED: another server's claim is never waited
   * for; the lease makes a row claimed by a server that died due again after `leaseMs`).
   */
  private async claimNext() {
    const now = new Date()
    const due = this.db
      .select({ providerOrderId: providerCancellations.providerOrderId })
      .from(providerCancellations)
      .where(
        and(
          eq(providerCancellations.provider, this.provider.kind),
          or(isNull(providerCancellations.nextAttemptAt), lte(providerCancellations.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(providerCancellations.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await this.db
      .update(providerCancellations)
      .set({ nextAttemptAt: new Date(now.getTime() + this.retry.leaseMs), attempts: sql`${providerCancellations.attempts} + 1` })
      .where(and(eq(providerCancellations.provider, this.provider.kind), sql`${providerCancellations.providerOrderId} = (${due})`))
      .returning()
    return row
  }
}

const workers = new WeakMap<AppDeps, ProviderCancellations>()

/** The app's cancellation worker, built once; it cancels only rows of the provider this app is configured with. */
export function providerCancellationsFor(deps: AppDeps): ProviderCancellations {
  let worker = workers.get(deps)
  if (!worker) {
    const logger = deps.logger ?? createLogger(deps.config.logLevel)
    worker = new ProviderCancellations(deps.database.db, printProviderFor(deps), logger, deps.providerCancelRetry ?? DEFAULT_MAIL_RETRY)
    workers.set(deps, worker)
  }
  return worker
}
