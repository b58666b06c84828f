// /api/users/me/devices: the owner's signed-in devices (refresh-token families still alive), and signing out one of
// them or every one but this. No address is kept or shown: a name from the User-Agent and two times.
import { and, eq, gt, isNotNull, isNull, max, min, ne } from 'drizzle-orm'
import { Hono } from 'hono'
import { DEVICE_MESSAGES } from '../../src/contract/devices.ts'
import { revokeFamily } from './refresh-tokens.ts'
import { requireAuth } from '../http/require-auth.ts'
import { pushSubscriptions, refreshTokens } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError } from '../http/http.ts'

export function devicesRoutes(deps: AppDeps) {
  const { database, now } = deps
  const { db } = database
  const liveFamilies = (userId: string) =>
    db
      .select({
        id: refreshTokens.familyId,
        name: max(refreshTokens.deviceName),
        signedInAt: min(refreshTokens.familyStartedAt),
        lastUsedAt: max(refreshTokens.createdAt),
      })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now())))
      .groupBy(refreshTokens.familyId)

  return new Hono<AppEnv>()
    .get('/me/devices', requireAuth(deps), async (c) => {
      const rows = await liveFamilies(c.var.userId)
      const devices = rows
        .map((row) => ({
          id: row.id,
          name: row.name ?? 'Unknown device',
          signedInAt: new Date(row.signedInAt ?? 0).toISOString(),
          lastUsedAt: new Date(row.lastUsedAt ?? 0).toISOString(),
          current: row.id === c.var.sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt))
      return c.json({ devices }, 200)
    })
    .delete('/me/devices/:id', requireAuth(deps), async (c) => {
      const familyId = c.req.param('id')
      if (!/^[0-9a-f-]{36}$/i.test(familyId)) throw new ApiError(404, DEVICE_MESSAGES.notFound)
      const [owned] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, c.var.userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .limit(1)
      if (!owned) throw new ApiError(404, DEVICE_MESSAGES.notFound)
      await revokeFamily(db, familyId, now(), 'signed-out')
      return c.json({ message: DEVICE_MESSAGES.signedOut }, 200)
    })
    .post('/me/devices/sign-out-others', requireAuth(deps), async (c) => {
      const keep = c.var.sessionId
      await db
        .update(refreshTokens)
        .set({ revokedAt: now(), revokedReason: 'signed-out' })
        .where(and(eq(refreshTokens.userId, c.var.userId), isNull(refreshTokens.revokedAt), ...(keep ? [ne(refreshTokens.familyId, keep)] : [])))
      // Their push subscriptions end with them (issue 29); this device's and unbound ones stay.
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, c.var.userId), isNotNull(pushSubscriptions.familyId), ...(keep ? [ne(pushSubscriptions.familyId, keep)] : [])))
      return c.json({ message: DEVICE_MESSAGES.othersSignedOut }, 200)
    })
}
