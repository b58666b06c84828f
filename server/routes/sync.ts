// The sync protocol's server side: the change feed since a cursor, and a batch of outbox operations run one by one.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { SyncChangesQuerySchema, SyncPushSchema } from '../../src/contract/sync.ts'
import { requireAuth } from '../auth/require-auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ApiError, validate } from '../http.ts'
import { idempotency } from '../idempotency.ts'
import { loadChanges } from '../services/change-feed.ts'

/** Sends one request through the whole app, exactly as if the client had sent it alone. */
export type Dispatch = (request: Request) => Response | Promise<Response>

export const PUSH_MESSAGES = { pathNotAllowed: 'Only profile, wishlist item and upload calls can be pushed.' } as const

// The owner-data paths the outbox writes; nothing else (no recursion into /api/sync, no auth, no visitor calls).
const PUSHABLE_PATH = /^\/api\/(?:profiles|wishlist-items\/[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)?|uploads\/[A-Za-z0-9-]+)$/

export function isPushablePath(path: string): boolean {
  return PUSHABLE_PATH.test(path)
}

export function syncRoutes(deps: AppDeps, dispatch: Dispatch) {
  const { db } = deps.database
  return new Hono<AppEnv>()
    .use('/sync/*', requireAuth(deps))
    .get('/sync/changes', validate('query', SyncChangesQuerySchema), async (c) => {
      const { cursor, limit } = c.req.valid('query')
      return c.json(await loadChanges(db, c.var.userId, cursor, limit))
    })
    .post(
      '/sync/push',
      bodyLimit({ maxSize: 4 * 1024 * 1024, onError: () => { throw new ApiError(413, 'Push batch is too large.') } }),
      idempotency(deps),
      validate('json', SyncPushSchema),
      async (c) => {
        const authorization = c.req.header('Authorization') ?? ''
        const results: { status: number; body: unknown }[] = []
        // In order, one at a time: a later operation may depend on an earlier one (create, then update).
        for (const op of c.req.valid('json').operations) {
          if (!isPushablePath(op.path)) {
            results.push({ status: 400, body: { message: PUSH_MESSAGES.pathNotAllowed } })
            continue
          }
          const headers: Record<string, string> = { Authorization: authorization, 'Idempotency-Key': op.idempotencyKey }
          if (op.body !== undefined) headers['Content-Type'] = 'application/json'
          const res = await dispatch(
            new Request(new URL(op.path, 'http://push.internal'), {
              method: op.method,
              headers,
              body: op.body === undefined ? undefined : JSON.stringify(op.body),
            }),
          )
          const text = await res.text()
          results.push({ status: res.status, body: text ? parseJson(text) : null })
        }
        return c.json({ results })
      },
    )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
