// Liveness (`/api/health`) and readiness (`/api/ready`: the database answers).
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../deps.ts'

export function healthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      const ok = await database.ping().catch(() => false)
      return ok ? c.json({ status: 'ready', database: database.kind }) : c.json({ message: 'Database unavailable' }, 503)
    })
}
