// The sync protocol between the browser's outbox and the server: the change feed and the batched push.
import * as v from 'valibot'
import { LIMITS } from './limits.ts'
import { OrderSchema } from './order.ts'
import { ProfileSchema } from './profile.ts'
import { PurchaseRecordSchema } from './purchase.ts'
import { nestsAtMost } from './request-body.ts'
import { ScanDaySchema } from './scans.ts'
import { WishlistItemSchema } from './wishlist.ts'

/** A device's id: its local database's, made when the database is first used for a sync push. */
export const DeviceIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'deviceId must be 8 to 64 letters, digits or dashes'))

export const SyncChangesQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'cursor must be a whole number'), v.transform(Number)), '0'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'limit must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(1000)),
    '500',
  ),
  /** The epoch the cursor was handed out under; another epoch (a restored database) answers a snapshot. */
  epoch: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.-]{1,100}$/, 'epoch must be the value the server sent'))),
  /** The asking device's id: the answer then carries `lastMutationId`, the last of its writes the server applied. */
  deviceId: v.optional(DeviceIdSchema),
})

/**
 * GET /api/sync/changes?cursor=N. Cursor 0 (or `reset: true` for a cursor older than the kept tombstones) is a full
 * snapshot; the client then replaces its copy instead of merging.
 */
export const SyncChangesSchema = v.object({
  cursor: v.number(),
  /**
   * The database's epoch (decision 088): it changes when the data is restored from a backup, where the counter behind
   * `cursor` went back in time. The client sends it with the cursor; absent from servers before epochs existed.
   */
  epoch: v.optional(v.string()),
  hasMore: v.boolean(),
  reset: v.boolean(),
  profile: v.optional(v.omit(ProfileSchema, ['wishlist'])),
  items: v.array(WishlistItemSchema),
  deletedItemIds: v.array(v.string()),
  purchases: v.array(PurchaseRecordSchema),
  /** The owner's print orders created or updated after the cursor (absent from servers before orders existed). */
  orders: v.optional(v.array(OrderSchema), []),
  /**
   * The owner's scan counts of the last SCAN_DAYS_DEFAULT UTC days, oldest first, zeros included, on the last page of
   * every answer (absent from servers before scans were counted, and on pages with hasMore). The client replaces its
   * copy with it: counts change without any write of the owner, so they ride on every pull rather than on the cursor.
   */
  scans: v.optional(v.array(ScanDaySchema)),
  /** With `deviceId` in the query: the last mutation id of that device the server applied (0 for none). */
  lastMutationId: v.optional(v.number()),
})
export type SyncChanges = v.InferOutput<typeof SyncChangesSchema>

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 visible ASCII characters, without spaces.'

/** The form of every Idempotency-Key, header or push operation: it travels as an HTTP header value. */
export const IdempotencyKeySchema = v.pipe(v.string(IDEMPOTENCY_KEY_MESSAGE), v.regex(/^[\x21-\x7e]{1,200}$/, IDEMPOTENCY_KEY_MESSAGE))

/** Levels of objects and arrays an operation body may have; the owner's own bodies use three (socialLinks[0].url). */
export const PUSH_BODY_DEPTH_MAX = 16
export const PUSH_BODY_DEPTH_MESSAGE = `An operation's body may nest at most ${PUSH_BODY_DEPTH_MAX} levels of objects and arrays.`

export const PushOperationSchema = v.object({
  method: v.picklist(['POST', 'PUT', 'DELETE']),
  path: v.pipe(v.string(), v.regex(/^\/api\/[A-Za-z0-9/_.?=&-]*$/, 'Invalid path')),
  body: v.optional(v.pipe(v.unknown(), v.check((body) => nestsAtMost(body, PUSH_BODY_DEPTH_MAX), PUSH_BODY_DEPTH_MESSAGE))),
  idempotencyKey: IdempotencyKeySchema,
  /**
   * The sending device's running number for this change (given with the push's `deviceId`). The server stores the
   * last one applied in the write's own transaction and answers a resend at or below it without running it.
   */
  mutationId: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
})
export type PushOperation = v.InferOutput<typeof PushOperationSchema>

export const SyncPushSchema = v.object({
  deviceId: v.optional(DeviceIdSchema),
  operations: v.pipe(
    v.array(PushOperationSchema),
    v.minLength(1, 'No operations'),
    v.maxLength(LIMITS.syncPushMax, `At most ${LIMITS.syncPushMax} operations per push`),
  ),
})

/**
 * The push stops at the first operation that does not answer 2xx; every operation after it is answered with this
 * status (WebDAV's 424 Failed Dependency) and was not run, so the client sends it again, in the same order, later.
 */
export const PUSH_NOT_ATTEMPTED_STATUS = 424

/**
 * A push operation whose mutation id this device already got applied (its first answer was lost): it is not run
 * again, however late the resend comes, and answered with this status (WebDAV's 208 Already Reported), a success.
 */
export const PUSH_ALREADY_APPLIED_STATUS = 208

export const SyncPushResultSchema = v.object({
  results: v.array(
    v.object({
      status: v.number(),
      body: v.unknown(),
      /** The operation's Retry-After header: a 409 carrying it means "still in progress", not a refusal. */
      retryAfter: v.optional(v.string()),
    }),
  ),
  /**
   * With the push's `deviceId`: the last mutation id of that device the server applied, read after the batch. An
   * operation at or below it ran, whatever it answered; one above it certainly did not (decision 139).
   */
  lastMutationId: v.optional(v.number()),
})
