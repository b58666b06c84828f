// GET /api/stats/scans?days=30: the owner's daily scans and unique visitors, oldest day to today with zeros (decision 105);
// /api/stats/scans/{shareableId} the same for one profile, which must be the owner's own (another's answers 404).
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { ScanStatsQuerySchema } from '../../src/contract/scans.ts'
import { requireAuth } from '../http/require-auth.ts'
import { profiles } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http/http.ts'
import { scanDaysOf, scanStatsOf } from './scan-stats.ts'

export function statsRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    .use('/stats/*', requireAuth(deps))
    .get('/stats/scans', validate('query', ScanStatsQuerySchema), async (c) => {
      return c.json(scanStatsOf(await scanDaysOf(db, c.var.userId, c.req.valid('query').days, deps.now())))
    })
    .get('/stats/scans/:shareableId', validate('query', ScanStatsQuerySchema), async (c) => {
      const [profile] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.shareableId, c.req.param('shareableId')), eq(profiles.userId, c.var.userId)))
      if (!profile) throw new ApiError(404, 'Profile not found')
      return c.json(scanStatsOf(await scanDaysOf(db, c.var.userId, c.req.valid('query').days, deps.now(), profile.id)))
    })
}
