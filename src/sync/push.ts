// Sends the outbox in order: batches through POST /api/sync/push, single calls when batching is refused.
import * as v from 'valibot'
import { SyncPushResultSchema } from '../contract/sync.ts'
import type { OutboxEntry, OwnerDatabase } from '../local/db.ts'
import { classifyOutcome, nextBatch, toPushOperation, type EntryOutcome } from './outbox.ts'
import { AuthLostError, isTransientStatus, messageOf, TransientError, type ApiResponse, type Transport } from './transport.ts'

export type PushState = {
  /** Cleared for the session when the server has no batch endpoint (404/405): every entry then goes alone. */
  batchEndpoint: boolean
}

/** Sends every pending entry that can go now; throws TransientError (back off) or AuthLostError (sign in again). */
export async function pushOutbox(db: OwnerDatabase, transport: Transport, state: PushState): Promise<void> {
  let refreshedForOperation = false
  for (;;) {
    const batch = nextBatch(await db.outbox.orderBy('seq').toArray())
    if (batch.length === 0) return
    const responses = state.batchEndpoint ? await sendBatch(transport, batch, state) : undefined
    const stoppedBy = responses ? await applyResponses(db, batch, responses) : await sendOneByOne(db, transport, batch)
    if (stoppedBy === 'transient') throw new TransientError('The server asked to try again later')
    if (stoppedBy === 'unauthorized') {
      // The batch call was authorised but an operation was not (token expired mid-batch): one refresh, then resend.
      if (refreshedForOperation) {
        await transport.signOut()
        throw new AuthLostError()
      }
      refreshedForOperation = true
      await transport.refreshAfterUnauthorized()
    }
  }
}

/** The per-operation answers, or undefined when this batch must go one call at a time instead. */
async function sendBatch(transport: Transport, batch: OutboxEntry[], state: PushState): Promise<ApiResponse[] | undefined> {
  const res = await transport.send({ method: 'POST', path: '/api/sync/push', json: { operations: batch.map(toPushOperation) } })
  if (res.status === 404 || res.status === 405) {
    state.batchEndpoint = false
    return undefined
  }
  if (isTransientStatus(res.status)) throw new TransientError(`Push answered ${res.status}`)
  // A refused batch (400 for one malformed operation, 413 too large): single calls let the bad entry fail alone.
  if (res.status >= 300) return undefined
  const parsed = v.safeParse(SyncPushResultSchema, res.body)
  if (!parsed.success || parsed.output.results.length !== batch.length) return undefined
  return parsed.output.results
}

/**
 * Records the answers in one transaction. After the first "later" answer (5xx, 401) only successes are recorded:
 * a refusal behind it may be a consequence of it (an edit of an item whose create failed for now).
 */
async function applyResponses(db: OwnerDatabase, batch: OutboxEntry[], responses: ApiResponse[]): Promise<EntryOutcome | undefined> {
  let stoppedBy: EntryOutcome | undefined
  await db.transaction('rw', db.outbox, async () => {
    const done: number[] = []
    for (const [index, entry] of batch.entries()) {
      const response = responses[index]
      if (!response || entry.seq === undefined) continue
      const outcome = classifyOutcome(response.status, entry)
      if (outcome === 'done') done.push(entry.seq)
      else if (stoppedBy) continue
      else if (outcome === 'failed') await markFailed(db, entry, messageOf(response))
      else {
        stoppedBy = outcome
        await db.outbox.update(entry.seq, { attempts: entry.attempts + 1, lastError: messageOf(response) })
      }
    }
    await db.outbox.bulkDelete(done)
  })
  return stoppedBy
}

async function markFailed(db: OwnerDatabase, entry: OutboxEntry, message: string) {
  if (entry.seq === undefined) return
  await db.outbox.update(entry.seq, { status: 'failed', attempts: entry.attempts + 1, lastError: message })
}

/** Without the batch endpoint: each entry is its own call, with its own Idempotency-Key. */
async function sendOneByOne(db: OwnerDatabase, transport: Transport, batch: OutboxEntry[]): Promise<EntryOutcome | undefined> {
  for (const entry of batch) {
    const response = await transport.send({ method: entry.method, path: entry.path, json: entry.body, idempotencyKey: entry.idempotencyKey })
    const stoppedBy = await applyResponses(db, [entry], [response])
    if (stoppedBy) return stoppedBy
  }
  return undefined
}
