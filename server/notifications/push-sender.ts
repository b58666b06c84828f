// Owns the sending of push deliveries: a due row is leased to one server (FOR UPDATE SKIP LOCKED, then a lease, so two
// servers never send it at once and a server that dies leaves it due again), encrypted for its subscription (RFC 8291
// aes128gcm, VAPID RFC 8292, by web-push), posted without following redirects, and then deleted, retried later, or its
// subscription removed. Log lines name the push service's origin only: the endpoint is a capability (decision 150).
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm'
import webpush from 'web-push'
import type { Db } from '../db/client.ts'
import { pushDeliveries, pushSubscriptions, users } from '../db/schema.ts'
import type { Logger } from '../http/logging.ts'
import { LoopedOutbox, type MailRetry, retryDelayMs } from '../mail/delivery-loop.ts'
import { pushOutcome, type PushOutcome } from './push-answers.ts'
import { endpointOrigin, refusePushEndpoint } from './push-endpoint.ts'

/** How long a push service keeps a message for an offline device (seconds); an older delivery is given up. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

export type PushSenderOptions = {
  vapid: { subject: string; publicKey: string; privateKey: string }
  allowedHosts: readonly string[]
  retry: MailRetry
  /** One push's whole exchange; a silent push service is a retry after it. */
  timeoutMs: number
  /** Only owners whose email ends with this (AppDeps.mailScope); unset: every owner. */
  scope: string | undefined
}

type Claimed = { id: string; attempts: number; payload: Record<string, string>; topic: string; createdAt: Date; subscriptionId: string; endpoint: string; p256dh: string; auth: string }

const errorName = (err: unknown) => (err instanceof Error ? `${err.name}${'code' in err && err.code ? ` ${String(err.code)}` : ''}` : 'unknown error').slice(0, 200)

export class PushSender extends LoopedOutbox {
  constructor(
    private readonly db: Db,
    private readonly options: PushSenderOptions,
    private readonly logger: Logger,
  ) {
    super((err) => logger.warn({ error: errorName(err) }, 'push deliveries: the database did not answer; trying again later'))
  }

  protected async drain(): Promise<Date | undefined> {
    for (;;) {
      if (this.stopped) return undefined
      const row = await this.claimNext()
      if (!row) break
      await this.settle(row, await this.send(row))
    }
    const [next] = await this.db.select({ at: min(pushDeliveries.nextAttemptAt) }).from(pushDeliveries).where(this.inScope())
    return next?.at ? new Date(next.at) : undefined
  }

  private inScope() {
    const scope = this.options.scope
    return scope ? inArray(pushDeliveries.userId, this.db.select({ id: users.id }).from(users).where(sql`${users.email} like ${`%${scope}`}`)) : undefined
  }

  private async send(row: Claimed): Promise<PushOutcome | { kind: 'refused' }> {
    // Checked again at sending: PUSH_SERVICE_HOSTS may have narrowed since the subscription was stored.
    if (refusePushEndpoint(row.endpoint, this.options.allowedHosts)) return { kind: 'refused' }
    const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(row.payload), {
      vapidDetails: this.options.vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
      topic: row.topic,
    })
    try {
      const answer = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: request.body ? new Uint8Array(request.body) : null,
        // A redirect would take the push (and our VAPID token) to a host nobody checked.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })
      await answer.body?.cancel()
      return pushOutcome(answer.status, answer.headers.get('Retry-After'), Date.now())
    } catch (err) {
      this.logger.warn({ pushService: endpointOrigin(row.endpoint), error: errorName(err) }, 'push service did not answer; trying again later')
      return { kind: 'retry' }
    }
  }

  private async settle(row: Claimed, outcome: PushOutcome | { kind: 'refused' }) {
    const pushService = endpointOrigin(row.endpoint)
    const done = eq(pushDeliveries.id, row.id)
    switch (outcome.kind) {
      case 'sent':
        await this.db.delete(pushDeliveries).where(done)
        return
      case 'gone':
      case 'refused':
        // The subscription's deliveries go with it (cascade).
        this.logger.info({ pushService, outcome: outcome.kind }, 'push subscription removed')
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId))
        return
      case 'drop':
        this.logger.warn({ pushService, deliveryId: row.id }, 'push service refused a push; dropped')
        await this.db.delete(pushDeliveries).where(done)
        return
      case 'retry': {
        const delay = Math.max(retryDelayMs(row.attempts, this.options.retry), outcome.notBeforeMs ?? 0)
        const at = new Date(Date.now() + delay)
        if (at.getTime() > row.createdAt.getTime() + PUSH_TTL_SECONDS * 1000) {
          this.logger.warn({ pushService, deliveryId: row.id, attempts: row.attempts }, 'push not delivered within its lifetime; dropped')
          await this.db.delete(pushDeliveries).where(done)
          return
        }
        this.logger.info({ pushService, deliveryId: row.id, attempts: row.attempts, retryInMs: delay }, 'push kept for a later attempt')
        await this.db.update(pushDeliveries).set({ nextAttemptAt: at, lastError: 'retry' }).where(done)
      }
    }
  }

  /** The oldest due delivery, leased to this server; with its subscription's endpoint and keys. */
  private async claimNext(): Promise<Claimed | undefined> {
    const now = new Date()
    const due = this.db
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .where(and(or(isNull(pushDeliveries.nextAttemptAt), lte(pushDeliveries.nextAttemptAt, now)), this.inScope()))
      .orderBy(asc(pushDeliveries.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    const [row] = await this.db
      .update(pushDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + this.options.retry.leaseMs), attempts: sql`${pushDeliveries.attempts} + 1` })
      .where(sql`${pushDeliveries.id} = (${due})`)
      .returning()
    if (!row) return undefined
    const [subscription] = await this.db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, row.subscriptionId))
    // Removed between the claim and here: the delivery went with it.
    if (!subscription) return this.claimNext()
    return { ...row, ...subscription }
  }
}
