// The sync protocol's server side: the change feed since a cursor, and a batch of outbox operations run one by one.
import { Hono } from 'hono'
import { isPushablePath } from '../../src/contract/api-paths.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/names.ts'
import { PUSH_ALREADY_APPLIED_STATUS, PUSH_NOT_ATTEMPTED_STATUS, SyncChangesQuerySchema, SyncPushSchema, type PushOperation } from '../../src/contract/sync.ts'
import { requireAuth } from '../http/require-auth.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { validate } from '../http/http.ts'
import { idempotency } from '../http/idempotency.ts'
import { loadChanges } from './change-feed.ts'
import { ALREADY_APPLIED_MESSAGE, lastAppliedMutation, type ClientMutation } from '../changes/client-mutations.ts'
import { pushSerializerFor } from './push-serializer.ts'

/** Sends one request through the whole app, exactly as if the client had sent it alone; `bindings` carry its mutation. */
export type Dispatch = (request: Request, bindings: AppEnv['Bindings']) => Response | Promise<Response>

export const PUSH_MESSAGES = {
  pathNotAllowed: 'Only profile, wishlist item and upload calls can be pushed.',
  notAttempted: 'Not attempted: an earlier operation of this push did not succeed.',
} as const

type PushResult = { status: number; body: unknown; retryAfter?: string }

export function syncRoutes(deps: AppDeps, dispatch: Dispatch) {
  const { db } = deps.database
  const serialize = pushSerializerFor(deps.database)

  async function runOperation(op: PushOperation, authorization: string, origin: string, mutation: ClientMutation | undefined): Promise<PushResult> {
    if (!isPushablePath(op.path)) return { status: 400, body: { message: PUSH_MESSAGES.pathNotAllowed } }
    const headers: Record<string, string> = { Authorization: authorization, [IDEMPOTENCY_KEY_HEADER]: op.idempotencyKey }
    if (op.body !== undefined) headers['Content-Type'] = 'application/json'
    // On the push's own origin: a write that asks which host the owner came to (a profile's redirect, decision 207)
    // learns the same as from a PUT sent alone.
    const request = new Request(new URL(op.path, origin), {
      method: op.method,
      headers,
      body: op.body === undefined ? undefined : JSON.stringify(op.body),
    })
    // The write's transaction records the mutation id with the write itself (services/client-mutations.ts).
    const res = await dispatch(request, { mutation })
    const text = await res.text()
    const result: PushResult = { status: res.status, body: text ? parseJson(text) : null }
    const retryAfter = res.headers.get('Retry-After')
    if (retryAfter !== null) result.retryAfter = retryAfter
    return result
  }

  return new Hono<AppEnv>()
    .use('/sync/*', requireAuth(deps))
    .get('/sync/changes', validate('query', SyncChangesQuerySchema), async (c) => {
      const { cursor, limit, epoch, deviceId } = c.req.valid('query')
      // Read before the changes: every write it counts committed before them, so this answer (or a later page) has it.
      const lastMutationId = deviceId === undefined ? undefined : await lastAppliedMutation(db, c.var.userId, deviceId)
      const changes = await loadChanges(db, c.var.userId, cursor, limit, epoch, deps.now())
      return c.json(lastMutationId === undefined ? changes : { ...changes, lastMutationId })
    })
    .post(
      '/sync/push',
      idempotency(deps),
      validate('json', SyncPushSchema),
      async (c) => {
        const authorization = c.req.header('Authorization') ?? ''
        const origin = new URL(c.req.url).origin
        const { operations, deviceId } = c.req.valid('json')
        const userId = c.var.userId
        // The outbox is applied in order: one owner's pushes run one after another (a retry that overtakes a push the
        // server is still running must wait), and a push stops at its first failure, because every later operation
        // may depend on it (create then edit, edit then edit). The rest is answered "not attempted" and comes again.
        const outcome = await serialize(userId, async (stillHeld) => {
          // Read under the push lock: no other push of this owner can move it until this batch is done.
          let applied = deviceId === undefined ? 0 : await lastAppliedMutation(db, userId, deviceId)
          const answered: PushResult[] = []
          for (const op of operations) {
            // The lock across servers went with its connection: the rest is "not attempted" and comes again.
            if (!stillHeld()) break
            const mutationId = deviceId === undefined ? undefined : op.mutationId
            let result: PushResult
            // Committed before (its answer was lost, maybe days ago): never run again, over whatever came since.
            if (mutationId !== undefined && mutationId <= applied) result = { status: PUSH_ALREADY_APPLIED_STATUS, body: { message: ALREADY_APPLIED_MESSAGE } }
            else result = await runOperation(op, authorization, origin, mutationId === undefined || deviceId === undefined ? undefined : { userId, deviceId, mutationId })
            answered.push(result)
            if (result.status < 200 || result.status >= 300) break
            if (mutationId !== undefined) applied = Math.max(applied, mutationId)
          }
          // Read after the batch, still under the lock: the client learns for certain which of its writes ran, even
          // when an operation answered 5xx after (or before) its transaction committed (Replicache's lastMutationIDChanges).
          const lastMutationId = deviceId === undefined ? undefined : await lastAppliedMutation(db, userId, deviceId)
          return { answered, lastMutationId }
        })
        const { answered: results, lastMutationId } = outcome
        while (results.length < operations.length) results.push({ status: PUSH_NOT_ATTEMPTED_STATUS, body: { message: PUSH_MESSAGES.notAttempted } })
        return c.json(lastMutationId === undefined ? { results } : { results, lastMutationId })
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
