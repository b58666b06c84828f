// Owns the fan-out of notification events (decision 151): a pending event is taken under FOR UPDATE SKIP LOCKED in one
// transaction that writes its push deliveries (one per subscribed, signed-in device whose switch is on) and its mail
// (verified address, preference on; a gift burst gathered into one summary), and marks it done. A server that dies
// mid-way rolls back, so the event waits for the next; two servers never take the same one.
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mailOutbox, notificationEvents, profiles, pushDeliveries, pushSubscriptions, refreshTokens, users } from '../db/schema.ts'
import type { Logger } from '../http/logging.ts'
import { LoopedOutbox } from '../mail/delivery-loop.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { BURST_WINDOW_MS, type EventPayload, giftMailMode, mailOf, pushPayloadOf, summaryMailOf } from './notification-texts.ts'

/** Done events stay this long, so the burst rule can still count them; then they go. */
const DONE_EVENT_RETENTION_MS = 24 * 60 * 60_000

export type FanOutOptions = {
  publicUrl: string
  /** Whether account mail is configured (SMTP_URL): without it no mail row is written. */
  mail: boolean
  /** Only owners whose email ends with this (AppDeps.mailScope); unset: every owner. */
  scope: string | undefined
  /** How long a gift summary gathers before it is sent (BURST_WINDOW_MS; tests shorten it). */
  summaryDelayMs: number
  /** After a fan-out that wrote something: the push and mail outboxes start. */
  onFannedOut: () => void
}

type EventRow = typeof notificationEvents.$inferSelect

export class NotificationOutbox extends LoopedOutbox {
  constructor(
    private readonly db: Db,
    private readonly options: FanOutOptions,
    logger: Logger,
  ) {
    super((err) => logger.warn({ err }, 'notification events: the database did not answer; trying again later'))
  }

  protected async drain(): Promise<Date | undefined> {
    let any = false
    while (!this.stopped && (await this.fanOutNext())) any = true
    if (any) this.options.onFannedOut()
    await this.db.delete(notificationEvents).where(and(eq(notificationEvents.status, 'done'), lt(notificationEvents.createdAt, new Date(Date.now() - DONE_EVENT_RETENTION_MS))))
    return undefined
  }

  private inScope() {
    const scope = this.options.scope
    return scope ? inArray(notificationEvents.userId, this.db.select({ id: users.id }).from(users).where(sql`${users.email} like ${`%${scope}`}`)) : undefined
  }

  /** One pending event fanned out in one transaction; false when none is left. */
  private fanOutNext(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(notificationEvents)
        .where(and(eq(notificationEvents.status, 'pending'), this.inScope()))
        .orderBy(asc(notificationEvents.createdAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!event) return false
      const payload = { kind: event.kind, ...event.payload } as EventPayload
      await this.pushes(tx, event, payload)
      const mailId = this.options.mail ? await this.mail(tx, event, payload) : undefined
      await tx.update(notificationEvents).set({ status: 'done', mailId: mailId ?? null }).where(eq(notificationEvents.id, event.id))
      return true
    })
  }

  /** One delivery per subscription whose switch is on and whose device is still signed in (or was never bound). */
  private async pushes(tx: Db, event: EventRow, payload: EventPayload) {
    const switchOn = event.kind === 'order' ? pushSubscriptions.orders : pushSubscriptions.gifts
    const signedIn = exists(
      tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, pushSubscriptions.familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date()))),
    )
    const targets = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, event.userId), eq(switchOn, true), or(isNull(pushSubscriptions.familyId), signedIn)))
    if (targets.length === 0) return
    const push = pushPayloadOf(payload, event.id)
    // RFC 8030 Topic (at most 32 base64url characters): a resent event replaces its undelivered copy at the service.
    const topic = event.id.replaceAll('-', '').slice(0, 32)
    await tx.insert(pushDeliveries).values(targets.map((t) => ({ userId: event.userId, subscriptionId: t.id, payload: push, topic })))
  }

  /** The event's mail, or its place in a gift summary; the owner's row is locked so a burst is decided one at a time. */
  private async mail(tx: Db, event: EventRow, payload: EventPayload): Promise<string | undefined> {
    const [owner] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt, onGift: profiles.emailOnGift, onOrder: profiles.emailOnOrder })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, event.userId))
      .for('update', { of: users })
    if (!owner?.verifiedAt || !(event.kind === 'order' ? owner.onOrder : owner.onGift)) return undefined
    const { publicUrl } = this.options
    if (payload.kind !== 'gift' || giftMailMode(await this.giftRank(tx, event)) === 'single') {
      return enqueueMail(tx, 'notification', owner.email, mailOf(payload, publicUrl))
    }
    const gift = { itemName: payload.itemName, price: payload.price }
    const open = await this.openSummary(tx, event.userId)
    if (open) {
      const gifts = [...(JSON.parse(open.payload.gifts ?? '[]') as (typeof gift)[]), gift]
      const grown = await tx
        .update(mailOutbox)
        .set({ payload: { ...summaryMailOf(gifts, publicUrl), gifts: JSON.stringify(gifts) } })
        // attempts = 0: a summary a server has begun to send is closed; this gift starts the next one.
        .where(and(eq(mailOutbox.id, open.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0)))
        .returning({ id: mailOutbox.id })
      if (grown.length > 0) return open.id
    }
    const notBefore = new Date(event.createdAt.getTime() + this.options.summaryDelayMs)
    return enqueueMail(tx, 'gift-summary', owner.email, { ...summaryMailOf([gift], publicUrl), gifts: JSON.stringify([gift]) }, notBefore)
  }

  /** This gift's place among the owner's gifts of the last BURST_WINDOW_MS, itself included (giftMailMode). */
  private async giftRank(tx: Db, event: EventRow): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.userId, event.userId),
          eq(notificationEvents.kind, 'gift'),
          gt(notificationEvents.createdAt, new Date(event.createdAt.getTime() - BURST_WINDOW_MS)),
          or(lt(notificationEvents.createdAt, event.createdAt), and(eq(notificationEvents.createdAt, event.createdAt), sql`${notificationEvents.id} <= ${event.id}`)),
        ),
      )
    return row?.n ?? 1
  }

  /** The owner's gift summary still gathering (not yet taken by a sender), if any. */
  private async openSummary(tx: Db, userId: string) {
    const [open] = await tx
      .select({ id: mailOutbox.id, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'gift-summary'),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.attempts, 0),
          inArray(
            mailOutbox.id,
            tx
              .select({ id: notificationEvents.mailId })
              .from(notificationEvents)
              .where(and(eq(notificationEvents.userId, userId), eq(notificationEvents.kind, 'gift'), isNotNull(notificationEvents.mailId))),
          ),
        ),
      )
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    return open
  }
}
