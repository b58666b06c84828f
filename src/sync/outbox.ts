// Pure outbox rules: what an answer means for an entry, and which entries may go in the next batch.
import type { OutboxEntry } from '../local/db.ts'
import type { PushOperation } from '../contract/sync.ts'
import { LIMITS } from '../contract/limits.ts'
import { isTransientStatus } from './transport.ts'

export type EntryOutcome = 'done' | 'failed' | 'unauthorized' | 'transient'

/**
 * 2xx is done. A DELETE answered 404 is done too: the thing is gone, which is what the owner asked for. 401 asks for
 * a token refresh; 5xx, 408, 409 (key in progress), 425 and 429 are "later". Any other 4xx is the server refusing
 * this one entry: it is marked failed for the owner, unless it is a cleanup whose failure the spec ignores.
 */
export function classifyOutcome(status: number, entry: Pick<OutboxEntry, 'method' | 'ignoreFailure'>): EntryOutcome {
  if (status >= 200 && status < 300) return 'done'
  if (status === 401) return 'unauthorized'
  if (isTransientStatus(status)) return 'transient'
  if (entry.method === 'DELETE' && status === 404) return 'done'
  if (entry.ignoreFailure) return 'done'
  return 'failed'
}

/**
 * The next entries to send, oldest first: pending ones up to the batch size, stopping before the first whose image
 * is not uploaded yet (later entries may depend on it, and order is what keeps create-then-edit correct).
 */
export function nextBatch(pendingInOrder: readonly OutboxEntry[], maxSize: number = LIMITS.syncPushMax): OutboxEntry[] {
  const batch: OutboxEntry[] = []
  for (const entry of pendingInOrder) {
    if (entry.status !== 'pending') continue
    if (entry.imageRef) break
    batch.push(entry)
    if (batch.length >= maxSize) break
  }
  return batch
}

export function toPushOperation(entry: OutboxEntry): PushOperation {
  const operation: PushOperation = { method: entry.method, path: entry.path, idempotencyKey: entry.idempotencyKey }
  if (entry.body !== undefined) operation.body = entry.body
  return operation
}

/** Replaces the image placeholder in an entry body with the uploaded image's server id. */
export function withUploadedImage(body: unknown, placeholder: string, imageId: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === placeholder ? imageId : value]))
}
