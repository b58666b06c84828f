// The sync protocol between the browser's outbox and the server: the change feed and the batched push.
import * as v from 'valibot'
import { LIMITS } from './limits.ts'
import { ProfileSchema } from './profile.ts'
import { PurchaseRecordSchema } from './purchase.ts'
import { WishlistItemSchema } from './wishlist.ts'

export const SyncChangesQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'cursor must be a whole number'), v.transform(Number)), '0'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'limit must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(1000)),
    '500',
  ),
})

/**
 * GET /api/sync/changes?cursor=N. Cursor 0 (or `reset: true` for a cursor older than the kept tombstones) is a full
 * snapshot; the client then replaces its copy instead of merging.
 */
export const SyncChangesSchema = v.object({
  cursor: v.number(),
  hasMore: v.boolean(),
  reset: v.boolean(),
  profile: v.optional(v.omit(ProfileSchema, ['wishlist'])),
  items: v.array(WishlistItemSchema),
  deletedItemIds: v.array(v.string()),
  purchases: v.array(PurchaseRecordSchema),
})
export type SyncChanges = v.InferOutput<typeof SyncChangesSchema>

export const PushOperationSchema = v.object({
  method: v.picklist(['POST', 'PUT', 'DELETE']),
  path: v.pipe(v.string(), v.regex(/^\/api\/[A-Za-z0-9/_.?=&-]*$/, 'Invalid path')),
  body: v.optional(v.unknown()),
  idempotencyKey: v.pipe(v.string(), v.minLength(8), v.maxLength(200)),
})
export type PushOperation = v.InferOutput<typeof PushOperationSchema>

export const SyncPushSchema = v.object({
  operations: v.pipe(
    v.array(PushOperationSchema),
    v.minLength(1, 'No operations'),
    v.maxLength(LIMITS.syncPushMax, `At most ${LIMITS.syncPushMax} operations per push`),
  ),
})

export const SyncPushResultSchema = v.object({
  results: v.array(v.object({ status: v.number(), body: v.unknown() })),
})
export type SyncPushResult = v.InferOutput<typeof SyncPushResultSchema>
