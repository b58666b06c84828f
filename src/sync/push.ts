// Sends the outbox in order: batches through POST /api/sync/push, single calls when batching is refused.
import * as v from 'valibot'
import { apiPaths } from '../contract/api-paths.ts'
import { SyncPushResultSchema } from '../contract/sync.ts'
import type { OutboxEntry, OwnerDatabase } from '../local/db.ts'
import { fencedTransaction } from '../local/generation.ts'
import { sameSubject } from '../local/outbox-rules.ts'
import { readMeta, takeMutationIds, writeMeta } from '../local/meta.ts'
import { acknowledgedBy, remember } from './overwritten.ts'
import { dropsMutationId, inMutationOrder } from './mutation-ids.ts'
import { classifyAnswer, nextBatch, SERVER_FAILURES_BEFORE_OWNER, serverFailureMessage, toPushOperation, type EntryOutcome } from './outbox.ts'
import { isTransientStatus, messageOf, SessionEndedError, SIGNED_OUT_MESSAGE, TransientError, type ApiResponse, type Transport } from './transport.ts'
import { laterAnswerWords } from '../lib/network-words.ts'

/** `retry-later`: an entry answered "later"; it and everything behind it wait for the next pass, in order. */
export type PushOutcome = 'complete' | 'retry-later'

/** Why recording a batch's answers stopped before its end; undefined when every entry was done. */
type Stop = Exclude<EntryOutcome, 'done'>

/**
 * Sends every entry that can go now. A refused entry waits for the owner and holds back only the entries that depend
 * on it; a "later" answer ends the push for this pass. Throws TransientError when the push itself got no usable
 * answer, SessionEndedError when the owner must sign in again, FencedError when Discard or logout came in between.
 */
export async function pushOutbox(db: OwnerDatabase, transport: Transport, generation: number): Promise<PushOutcome> {
  let refreshedForOperation = false
  for (;;) {
    const { batch, deviceId } = await takeBatch(db, generation)
    if (batch.length === 0) return 'complete'
    const answer = await sendBatch(transport, batch, deviceId)
    const stop = answer ? await recordAnswers(db, generation, batch, answer.results, answer.lastMutationId) : await sendOneByOne(db, transport, generation, batch)
    // 'not-attempted' on the first entry of a batch means the server ran nothing: looping would spin.
    if (stop === 'retry-later' || stop === 'not-attempted') return 'retry-later'
    if (stop === 'unauthorized') {
      // The batch call was authorised but an operation was not (token expired mid-batch): one refresh, then resend.
      if (refreshedForOperation) {
        await transport.signOut()
        throw new SessionEndedError(SIGNED_OUT_MESSAGE, 401)
      }
      refreshedForOperation = true
      await transport.refreshAfterUnauthorized()
    }
  }
}

/**
 * Picks the next batch and marks its entries sent in one transaction: a local edit runs before it (and is folded into
 * the body sent now) or after it (and queues an entry of its own), never in between (decision 083). Entries going for
 * the first time get this device's next mutation ids in the same transaction (decision 087).
 */
async function takeBatch(db: OwnerDatabase, generation: number): Promise<{ batch: OutboxEntry[]; deviceId: string }> {
  return fencedTransaction(db, generation, [db.outbox, db.meta], async () => {
    const batch = inMutationOrder(nextBatch(await db.outbox.orderBy('seq').toArray(), Number.MAX_SAFE_INTEGER))
    const unmarked = batch.flatMap((entry) => (entry.sent || entry.seq === undefined ? [] : [entry.seq]))
    if (unmarked.length > 0) await db.outbox.where('seq').anyOf(unmarked).modify({ sent: true })
    const fresh = batch.filter((entry) => entry.mutationId === undefined)
    const { deviceId, first } = await takeMutationIds(db, fresh.length)
    for (const [index, entry] of fresh.entries()) {
      entry.mutationId = first + index
      if (entry.seq !== undefined) await db.outbox.update(entry.seq, { mutationId: entry.mutationId })
    }
    return { batch, deviceId }
  })
}

type BatchAnswer = { results: ApiResponse[]; lastMutationId: number | undefined }

/** The per-operation answers, or undefined when this batch must go one call at a time instead. */
async function sendBatch(transport: Transport, batch: OutboxEntry[], deviceId: string): Promise<BatchAnswer | undefined> {
  const res = await transport.send({ method: 'POST', path: apiPaths.syncPush, json: { deviceId, operations: batch.map(toPushOperation) } })
  if (isTransientStatus(res.status)) throw new TransientError(laterAnswerWords(res.status), res.status)
  // A refused batch (400 for one malformed operation, 413 too large): single calls let the bad entry fail alone.
  if (res.status >= 300) return undefined
  const parsed = v.safeParse(SyncPushResultSchema, res.body)
  if (!parsed.success || parsed.output.results.length !== batch.length) return undefined
  return { results: parsed.output.results, lastMutationId: parsed.output.lastMutationId }
}

/**
 * Records the answers in order, in one transaction, up to and including the first that is not "done". Everything after
 * it is left as it was, whatever the server said: it may depend on the one that failed (an edit behind a create that
 * failed for now), and recording a later success would put it ahead of an entry that must be sent again.
 */
async function recordAnswers(
  db: OwnerDatabase,
  generation: number,
  batch: OutboxEntry[],
  responses: ApiResponse[],
  lastMutationId?: number,
): Promise<Stop | undefined> {
  return fencedTransaction(db, generation, [db.outbox, db.meta], async () => {
    const done: number[] = []
    const acknowledged: OutboxEntry[] = []
    let stop: Stop | undefined
    for (const [index, entry] of batch.entries()) {
      const response = responses[index]
      if (!response || entry.seq === undefined) break
      const outcome = outcomeWithLastApplied(classifyAnswer(response, entry), response, entry, lastMutationId)
      // A refused edit of an item the owner has since deleted here has nothing left to ask for: its delete is queued.
      if (outcome === 'done' || (outcome === 'refused' && (await deleteQueuedBehind(db, entry)))) {
        done.push(entry.seq)
        if (outcome === 'done') acknowledged.push(entry)
        continue
      }
      stop = outcome === 'server-failed' ? 'refused' : outcome
      if (outcome === 'refused') await db.outbox.update(entry.seq, { status: 'failed', attempts: entry.attempts + 1, lastError: messageOf(response) })
      // Known not to have run: after a few such failures it waits for the owner, and only its own subject waits with it.
      if (outcome === 'server-failed') {
        await db.outbox.update(entry.seq, { status: 'failed', attempts: entry.attempts + 1, lastError: serverFailureMessage(response), mutationId: undefined })
      }
      if (outcome === 'retry-later') await db.outbox.update(entry.seq, { attempts: entry.attempts + 1, lastError: messageOf(response) })
      // A push that stops at a refusal answers the rest "not attempted": they simply go in the next batch.
      if (outcome === 'not-attempted' && done.length > 0) stop = undefined
      break
    }
    // From the stop on, an entry the server certainly did not run gives up its mutation id and gets a new one when
    // it goes again; one whose fate is unknown keeps it, so the server recognises it if it did commit.
    for (const [index, entry] of batch.entries()) {
      const response = responses[index]
      if (index < done.length || !response || entry.seq === undefined || entry.mutationId === undefined) continue
      if (dropsMutationId(response.status, classifyAnswer(response, entry))) await db.outbox.update(entry.seq, { mutationId: undefined })
    }
    await db.outbox.bulkDelete(done)
    await rememberAcknowledged(db, acknowledged)
    return stop
  })
}

/**
 * The answer read against the device's last applied mutation id (decision 139): an entry at or below it ran, whatever
 * it answered; a 5xx for one above it certainly did not run, and after SERVER_FAILURES_BEFORE_OWNER of those the
 * entry is 'server-failed': it waits for the owner's Retry or Discard like a refusal.
 */
function outcomeWithLastApplied(
  outcome: EntryOutcome,
  response: ApiResponse,
  entry: OutboxEntry,
  lastMutationId: number | undefined,
): EntryOutcome | 'server-failed' {
  if (lastMutationId === undefined || entry.mutationId === undefined) return outcome
  if (entry.mutationId <= lastMutationId) return 'done'
  if (outcome === 'retry-later' && response.status >= 500 && entry.attempts + 1 >= SERVER_FAILURES_BEFORE_OWNER) return 'server-failed'
  return outcome
}

/** Keeps what acknowledged edits wrote, inside the caller's transaction (meta in its scope), for decision 201. */
export async function rememberAcknowledged(db: OwnerDatabase, entries: readonly OutboxEntry[]): Promise<void> {
  const at = new Date().toISOString()
  const added = entries.flatMap((entry) => acknowledgedBy(entry, at))
  if (added.length > 0) await writeMeta(db, 'acknowledged', remember((await readMeta(db, 'acknowledged')) ?? [], added))
}

/** Whether `entry` edits an item whose delete waits later in the outbox (decision 081, follow-up). */
async function deleteQueuedBehind(db: OwnerDatabase, entry: OutboxEntry): Promise<boolean> {
  const { target, seq } = entry
  if (target.entity !== 'item' || target.kind !== 'update' || seq === undefined) return false
  return (await db.outbox.where('seq').above(seq).filter((later) => sameSubject(later, target) && 'kind' in later.target && later.target.kind === 'delete').count()) > 0
}

/** Without the batch endpoint: each entry is its own call, with its own Idempotency-Key. */
async function sendOneByOne(db: OwnerDatabase, transport: Transport, generation: number, batch: OutboxEntry[]): Promise<Stop | undefined> {
  for (const entry of batch) {
    const response = await transport.send({ method: entry.method, path: entry.path, json: entry.body, idempotencyKey: entry.idempotencyKey })
    const stop = await recordAnswers(db, generation, [entry], [response])
    // After a refusal the next batch is chosen again, so entries that depend on the refused one stay behind.
    if (stop) return stop
  }
  return undefined
}
