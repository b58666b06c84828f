// Per-device mutation ids of the push (decision 087): the order a batch goes in, and which ids survive an answer.
import type { OutboxEntry } from '../local/db.ts'
import { PUSH_NOT_ATTEMPTED_STATUS } from '../contract/sync.ts'
import { LIMITS } from '../contract/limits.ts'
import type { EntryOutcome } from './outbox.ts'

/**
 * The batch to send from the entries that may go now (in outbox order). Entries that already carry a mutation id were
 * sent before and their answer is unknown: they go first, in id order, so the server sees this device's ids rising
 * and the push stops before any newer id could be recorded over one that never ran. Such entries are never behind an
 * entry without an id that they depend on: those went in the same push or before it. The others follow in outbox order.
 */
export function inMutationOrder(eligible: readonly OutboxEntry[], maxSize: number = LIMITS.syncPushMax): OutboxEntry[] {
  const numbered = eligible.filter((entry) => entry.mutationId !== undefined).sort((a, b) => (a.mutationId ?? 0) - (b.mutationId ?? 0))
  const fresh = eligible.filter((entry) => entry.mutationId === undefined)
  return [...numbered, ...fresh].slice(0, maxSize)
}

/**
 * Whether an entry's mutation id must be given up after this answer: only when the server certainly did not run it
 * (a 424 "not attempted", or a refusal, which rolls its transaction back). An id whose fate is unknown (no answer,
 * retry later) is kept, so the resend is recognised if the first attempt committed.
 */
export function dropsMutationId(status: number, outcome: EntryOutcome): boolean {
  return status === PUSH_NOT_ATTEMPTED_STATUS || outcome === 'refused'
}
