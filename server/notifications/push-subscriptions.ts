// POST/DELETE /api/push-subscriptions and POST /api/push-subscriptions/test: the signed-in owner's devices that take
// Web Push. A subscription is upserted by endpoint (the switches change by posting again), bound to the device's
// sign-in (refresh-token family), at most PUSH_SUBSCRIPTIONS_MAX per owner with the oldest going first.
import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  NOTIFICATION_MESSAGES,
  PUSH_SUBSCRIPTIONS_MAX,
  PushSubscriptionBodySchema,
  PushSubscriptionDeleteSchema,
  type PushSubscriptionState,
} from '../../src/contract/notifications.ts'
import { requireAuth } from '../http/require-auth.ts'
import { pushDeliveries, pushSubscriptions, users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { refusePushEndpoint } from './push-endpoint.ts'
import { testPayload } from './notification-texts.ts'
import { notificationsFor } from './notifications.ts'

export function pushSubscriptionRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    .use('/push-subscriptions', requireAuth(deps))
    .use('/push-subscriptions/*', requireAuth(deps))
    .post('/push-subscriptions', validate('json', PushSubscriptionBodySchema), async (c) => {
      const body = c.req.valid('json')
      const refusal = refusePushEndpoint(body.endpoint, deps.config.pushServiceHosts)
      if (refusal) throw new ApiError(400, refusal)
      const userId = c.var.userId
      const now = deps.now()
      const saved = await db.transaction(async (tx) => {
        // The owner's row first (the house's lock order): two devices subscribing at once evict in turn.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, gifts: body.gifts, orders: body.orders, familyId: c.var.sessionId ?? null }
        // The same browser signed in to another account takes its endpoint along: it is that account's device now.
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ ...values, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...values, updatedAt: now, createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else ${now} end` },
          })
          .returning({ id: pushSubscriptions.id, gifts: pushSubscriptions.gifts, orders: pushSubscriptions.orders, createdAt: pushSubscriptions.createdAt, inserted: sql<boolean>`(xmax = 0)` })
        const keep = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_SUBSCRIPTIONS_MAX)
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep.map((k) => k.id))))
        return row
      })
      if (!saved) throw new ApiError(500, 'The subscription was not stored')
      const state: PushSubscriptionState = { gifts: saved.gifts, orders: saved.orders, createdAt: saved.createdAt.toISOString() }
      return c.json(state, saved.inserted ? 201 : 200)
    })
    .delete('/push-subscriptions', validate('json', PushSubscriptionDeleteSchema), async (c) => {
      // Idempotent: a logout that sends it twice, or after the push service made us drop it, still answers 204.
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, c.var.userId), eq(pushSubscriptions.endpoint, c.req.valid('json').endpoint)))
      return c.body(null, 204)
    })
    .post('/push-subscriptions/test', validate('json', PushSubscriptionDeleteSchema), async (c) => {
      const [subscription] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, c.var.userId), eq(pushSubscriptions.endpoint, c.req.valid('json').endpoint)))
      if (!subscription) throw new ApiError(404, NOTIFICATION_MESSAGES.notFound)
      // The very path a gift takes: a stored delivery, leased, sent, retried.
      const payload = testPayload()
      await db.insert(pushDeliveries).values({ userId: c.var.userId, subscriptionId: subscription.id, payload, topic: `test-${subscription.id.slice(0, 8)}` })
      notificationsFor(deps).kick()
      return c.json({ message: NOTIFICATION_MESSAGES.testSent }, 202)
    })
}
