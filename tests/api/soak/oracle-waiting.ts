// The soak's check before the owner answers: which entries must be left waiting for the owner, and that nothing else waits.
//
// After the heal, with poisoned writes still refused (or failing) on the server:
//  - every failed entry carries a poisoned value, or is one the injected 5xx faults failed often enough
//    (SERVER_FAILURES_BEFORE_OWNER), or names an upload the orphan sweep removed after the clock jumped a day while it
//    waited (decision 158 accepts that); the owner sees each (the failed list) and the badge says 'needs you';
//  - every entry still pending waits behind a failed one of its own subject (its lane, outbox.ts nextBatch): later
//    writes of other subjects were delivered, so nothing that could go is left;
//  - the server never ran a poisoned write.
import type { OutboxEntry } from '../../../src/local/db.ts'
import { nextBatch, SERVER_FAILURES_BEFORE_OWNER } from '../../../src/sync/outbox.ts'
import { POISON_MARKER, type Executed } from './network.ts'

export type WaitingState = {
  device: string
  entries: OutboxEntry[]
  /** What the owner sees: the failed list's length and the badge. */
  shownFailed: number
  badge: string
  /** Injected 5xx faults that fired on this device's pushes. */
  failsFired: number
  /** The orphan sweep removed images during the run (after a clock jump). */
  imagesSwept: boolean
}

/** The answer to a write naming an image that is gone (server/images/image-store.ts). */
export const IMAGE_GONE = 'Image not found'

const poisoned = (entry: OutboxEntry) => Object.values(POISON_MARKER).some((marker) => JSON.stringify(entry.body ?? null).includes(marker))

export function waitingViolations(states: readonly WaitingState[], executed: readonly Executed[]): string[] {
  const problems: string[] = []
  for (const { device, entries, shownFailed, badge, failsFired, imagesSwept } of states) {
    const where = `device ${device}`
    const failed = entries.filter((entry) => entry.status === 'failed')
    for (const entry of failed) {
      const byFaults = failsFired >= SERVER_FAILURES_BEFORE_OWNER && /tries\)/.test(entry.lastError ?? '')
      const swept = imagesSwept && entry.lastError === IMAGE_GONE
      if (!poisoned(entry) && !byFaults && !swept) problems.push(`${where}: ${entry.method} ${entry.path} waits for the owner without cause (${entry.lastError})`)
    }
    if (shownFailed !== failed.length) problems.push(`${where}: ${failed.length} entries failed, the owner is shown ${shownFailed}`)
    if (failed.length > 0 && badge !== 'needs-you') problems.push(`${where}: entries wait for the owner but the badge says '${badge}'`)
    // Waiting for an upload is not waiting for the owner: the heal ran the uploads, so an image still pending waits too.
    const couldGo = nextBatch(entries.map((entry) => ({ ...entry, imageRef: null })))
    for (const entry of couldGo) problems.push(`${where}: ${entry.method} ${entry.path} ${JSON.stringify(entry.body ?? null)} could go but waits (held back by nothing the owner must answer)`)
  }
  for (const op of executed) {
    if (Object.values(POISON_MARKER).some((marker) => JSON.stringify(op.body).includes(marker))) problems.push(`the server ran a poisoned write: ${op.method} ${op.path}`)
  }
  return problems
}
