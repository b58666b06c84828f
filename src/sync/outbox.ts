// Pure outbox rules: what an answer means for an entry, and which entries may go in the next batch.
import type { OutboxEntry, OutboxTarget } from '../local/db.ts'
import { PUSH_NOT_ATTEMPTED_STATUS, type PushOperation } from '../contract/sync.ts'
import { LIMITS } from '../contract/limits.ts'
import { isImageChange } from '../local/outbox-rules.ts'

/**
 * What an answer means for the entry it answers. `retry-later`: nothing was decided, send the same entry (same key)
 * again after a backoff, and nothing behind it before it. `refused`: the server will refuse it again, so it waits for
 * the owner (Retry or Discard) and only the entries that depend on it wait with it. `not-attempted`: a push stopped
 * before it; it goes again as it is. `unauthorized`: refresh the token once, then resend.
 */
export type EntryOutcome = 'done' | 'retry-later' | 'refused' | 'not-attempted' | 'unauthorized'

export type Answer = { status: number; retryAfter?: string | null }
type EntryKind = Pick<OutboxEntry, 'method' | 'ignoreFailure'>

const isSuccess = (status: number) => status >= 200 && status < 300

/** The table every answer goes through, first match wins; its test walks every row. */
export const ANSWER_TABLE: readonly { when: string; matches: (answer: Answer, entry: EntryKind) => boolean; outcome: EntryOutcome }[] = [
  { when: '2xx: the server did it', matches: (a) => isSuccess(a.status), outcome: 'done' },
  { when: '424 in a push: an earlier operation failed, this one was not run', matches: (a) => a.status === PUSH_NOT_ATTEMPTED_STATUS, outcome: 'not-attempted' },
  { when: '401: the access token expired', matches: (a) => a.status === 401, outcome: 'unauthorized' },
  { when: '5xx: the server failed, nothing was decided', matches: (a) => a.status >= 500, outcome: 'retry-later' },
  { when: '408, 425, 429: asked to come back later', matches: (a) => [408, 425, 429].includes(a.status), outcome: 'retry-later' },
  { when: '409 with Retry-After: the same Idempotency-Key is still running', matches: (a) => a.status === 409 && !!a.retryAfter, outcome: 'retry-later' },
  { when: 'DELETE answered 404: the thing is gone, as asked', matches: (a, e) => e.method === 'DELETE' && a.status === 404, outcome: 'done' },
  { when: 'a cleanup (delete the previous photo) whose failure the spec ignores', matches: (a, e) => e.ignoreFailure && a.status < 500, outcome: 'done' },
  // 400 invalid, 403, 404 gone, 409 list full / deleted elsewhere / id taken, 413 quota, 415 format, 422 key reused.
  { when: 'any other answer: the server refuses this entry as it is', matches: () => true, outcome: 'refused' },
]

/**
 * How many 5xx answers an entry the server certainly did not run (its mutation id above the device's last applied one)
 * gets before it waits for the owner: a body the server always fails on must not hold back the rest for ever.
 */
export const SERVER_FAILURES_BEFORE_OWNER = 3

export function serverFailureMessage(answer: Answer): string {
  return `The server could not save this change (${answer.status}, ${SERVER_FAILURES_BEFORE_OWNER} tries). Retry later or discard it.`
}

export function classifyAnswer(answer: Answer, entry: EntryKind): EntryOutcome {
  return ANSWER_TABLE.find((row) => row.matches(answer, entry))?.outcome ?? 'refused'
}

/**
 * Entries that change the same thing depend on each other and must reach the server in order: the same item (its
 * create, edits, image and delete) or the profile (its fields, its photo, the cleanup of the previous photo).
 */
export function dependencyKey(target: OutboxTarget): string {
  return target.entity === 'item' ? `item:${target.id}` : 'profile'
}

/**
 * The next entries to send, oldest first, up to the batch size. An entry waiting for the owner (refused) or for its
 * image upload holds back the later entries that depend on it, and only those: the others go. Image changes are a
 * lane of their own (decision 084): they wait for the item's earlier entries (its create), but a refused or waiting
 * image holds back only later image changes and the item's delete, never its text edits.
 */
export function nextBatch(inOrder: readonly OutboxEntry[], maxSize: number = LIMITS.syncPushMax): OutboxEntry[] {
  const batch: OutboxEntry[] = []
  const heldBack = new Set<string>()
  for (const entry of inOrder) {
    const key = dependencyKey(entry.target)
    const image = isImageChange(entry.target)
    const waitsOn = image || entry.method === 'DELETE' ? [key, `${key}:image`] : [key]
    if (entry.status !== 'pending' || entry.imageRef || waitsOn.some((lane) => heldBack.has(lane))) {
      heldBack.add(image ? `${key}:image` : key)
      continue
    }
    batch.push(entry)
    if (batch.length >= maxSize) break
  }
  return batch
}

export function toPushOperation(entry: OutboxEntry): PushOperation {
  const operation: PushOperation = { method: entry.method, path: entry.path, idempotencyKey: entry.idempotencyKey }
  if (entry.mutationId !== undefined) operation.mutationId = entry.mutationId
  if (entry.body !== undefined) operation.body = entry.body
  return operation
}

/** Replaces the image placeholder in an entry body with the uploaded image's server id. */
export function withUploadedImage(body: unknown, placeholder: string, imageId: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === placeholder ? imageId : value]))
}
