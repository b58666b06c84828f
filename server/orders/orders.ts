// The owner's print orders (GET /api/orders), newest first; they also reach the owner's devices through the change feed.
import { desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { requireAuth } from '../http/require-auth.ts'
import { orders } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { toOrder } from './print-provider/order-writes.ts'

export function orderRoutes(deps: AppDeps) {
  const { db } = deps.database
  return new Hono<AppEnv>().get('/orders', requireAuth(deps), async (c) => {
    const rows = await db.select().from(orders).where(eq(orders.userId, c.var.userId)).orderBy(desc(orders.createdAt), desc(orders.id))
    return c.json(rows.map(toOrder))
  })
}
