// Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database answers within a bound).
import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../deps.ts'

export const NOT_READY_MESSAGE = 'The database is not reachable right now, so the service is temporarily unavailable.'

export function healthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      // ping answers false (never hangs, never throws) when the database is gone, slow, or out of connections.
      const ok = await database.ping()
      return ok ? c.json({ status: 'ready', database: database.kind }) : c.json({ message: NOT_READY_MESSAGE }, 503, { 'Retry-After': '5' })
    })
}
