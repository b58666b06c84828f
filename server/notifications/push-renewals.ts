// POST /api/public/push-renewals: a browser replaced a device's push subscription (its service worker's
// `pushsubscriptionchange`), and the device keeps its owner and switches under the new endpoint without a session,
// because the app may be closed for days while gifts go to an endpoint that no longer exists (decision 182).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { NOTIFICATION_MESSAGES, PushRenewalSchema } from '../../src/contract/notifications.ts'
import { pushSubscriptions, users } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { perAddressLimit, resolveRateLimits } from '../http/rate-limit.ts'
import { refusePushEndpoint } from './push-endpoint.ts'

export function pushRenewalRoutes(deps: AppDeps) {
  const { db } = deps.database
  const limits = resolveRateLimits(deps.rateLimits)
  return new Hono<AppEnv>().post(
    '/public/push-renewals',
    // Before validation and the database: a stranger guessing endpoints is bounded per address (the endpoints are
    // unguessable anyway: a push service's random path of a hundred characters or more).
    perAddressLimit(deps, 'push-renewal', limits.pushRenewalsPerAddress),
    validate('json', PushRenewalSchema),
    async (c) => {
      const body = c.req.valid('json')
      const refusal = refusePushEndpoint(body.endpoint, deps.config.pushServiceHosts)
      if (refusal) throw new ApiError(400, refusal)
      const outcome = await db.transaction(async (tx) => {
        const [device] = await tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.oldEndpoint))
        if (!device) {
          // Told twice (an answer lost on the way), or the app posted the new subscription first: already done.
          const [renewed] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint))
          return renewed ? 'done' : 'unknown'
        }
        // The owner's row first (the house's lock order), then the device again: it may have gone meanwhile.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, device.userId)).for('update')
        const [old] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.oldEndpoint)).for('update')
        if (!old) return 'unknown'
        const [taken] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint))
        if (taken && taken.id !== old.id) {
          // The new endpoint is already a device (the app posted it, maybe signed in to another account): the old
          // endpoint is dead, so its row only goes.
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id))
          return 'done'
        }
        await tx
          .update(pushSubscriptions)
          .set({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: deps.now() })
          .where(eq(pushSubscriptions.id, old.id))
        return 'done'
      })
      if (outcome === 'unknown') throw new ApiError(404, NOTIFICATION_MESSAGES.renewalNotFound)
      return c.body(null, 204)
    },
  )
}
