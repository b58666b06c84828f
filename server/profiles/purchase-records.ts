// The owner's purchase records (GET /api/purchase-records), newest first, and one record by id.
import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { requireAuth } from '../http/require-auth.ts'
import { purchaseRecords } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError } from '../http/http.ts'
import { isUuid } from '../images/image-store.ts'
import { toPurchaseRecord } from './purchase-record-view.ts'

export function purchaseRecordRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    // '/purchase-records/*' also matches the bare list path.
    .use('/purchase-records/*', requireAuth(deps))
    .get('/purchase-records', async (c) => {
      const rows = await db
        .select()
        .from(purchaseRecords)
        .where(eq(purchaseRecords.userId, c.var.userId))
        .orderBy(desc(purchaseRecords.purchasedAt), desc(purchaseRecords.id))
      return c.json(rows.map(toPurchaseRecord))
    })
    .get('/purchase-records/:id', async (c) => {
      const id = c.req.param('id')
      const [row] = isUuid(id)
        ? await db.select().from(purchaseRecords).where(and(eq(purchaseRecords.id, id), eq(purchaseRecords.userId, c.var.userId)))
        : []
      if (!row) throw new ApiError(404, 'Purchase record not found')
      return c.json(toPurchaseRecord(row))
    })
}
