// One sync pass: send the outbox and pull while pending images upload beside them; its state is shown to every tab.
import type { OwnerDatabase } from '../local/db.ts'
import { NO_ANSWER } from '../lib/network-words.ts'
import { FencedError, fencedTransaction, readGeneration } from '../local/generation.ts'
import { readMeta, writeMeta } from '../local/meta.ts'
import { claimLocalDataFor, localDataOwner } from '../local/session.ts'
import { pullChanges } from './pull.ts'
import { pushOutbox } from './push.ts'
import { stateWhileRunning } from './status.ts'
import { SessionEndedError, SIGNED_OUT_MESSAGE, TransientError, type Transport } from './transport.ts'
import { hasPendingUploads, uploadPendingImages, UPLOAD_STALL_MS, type UploadOutcome } from './uploads.ts'

/** `interrupted`: Discard, logout or another sign-in came in while the pass ran; its late results were dropped. */
export type SyncResult = 'synced' | 'retry-later' | 'signed-out' | 'interrupted'

export type SyncOnceOptions = {
  /**
   * true (default): the pass ends when the uploads it started have ended, and pushes the entries they unblocked. The
   * worker passes false: the pass ends after push and pull, and `onUploadsSettled` asks for the next one, so later
   * pulls never wait for a photo on a slow uplink (decision 112).
   */
  waitForUploads?: boolean
}

export type SyncEngineOptions = {
  /** An upload is aborted after this long without progress. */
  uploadStallMs?: number
  /** Called when uploads that no pass waited for have ended: the next pass pushes what they unblocked, or backs off. */
  onUploadsSettled?: () => void
}

export type SyncEngine = {
  syncOnce(options?: SyncOnceOptions): Promise<SyncResult>
  /** Resolves when no upload runs (tests, soak). */
  uploadsSettled(): Promise<void>
  /** Whether the last pass ended because a request got no answer (the scheduler then waits longer). */
  lastPassGotNoAnswer(): boolean
}

type Lane = { generation: number; result: Promise<UploadOutcome> }

export function createSyncEngine(db: OwnerDatabase, transport: Transport, options: SyncEngineOptions = {}): SyncEngine {
  const stallMs = options.uploadStallMs ?? UPLOAD_STALL_MS
  let running: Promise<SyncResult> | undefined
  let lane: Lane | undefined
  /** How an upload lane failed with nobody waiting: the next pass reports it (backoff) before restarting it. */
  let unreportedFailure: unknown
  let noAnswer = false

  /** The uploads run beside push and pull: entries that do not wait for an image, and pulls, never wait for it. */
  async function startUploads(generation: number, session: Transport): Promise<Lane | undefined> {
    if (lane && lane.generation === generation) return lane
    if (lane || unreportedFailure !== undefined || !(await hasPendingUploads(db))) return undefined
    const result = uploadPendingImages(db, session, generation, stallMs).catch((error: unknown): UploadOutcome => ({ uploaded: 0, error }))
    const started: Lane = {
      generation,
      result: result.then((outcome) => {
        lane = undefined
        // A fenced lane belongs to a generation that is gone; anything else is reported, so it never loops without backoff.
        // The end of the session is not carried over: the next pass finds it by itself while it lasts, and after the
        // owner signs in again it is stale (it would stop the worker's scheduler until the next sign-in).
        const stale = outcome.error instanceof FencedError || outcome.error instanceof SessionEndedError
        if (outcome.error !== undefined && !stale) unreportedFailure = outcome.error
        options.onUploadsSettled?.()
        return outcome
      }),
    }
    lane = started
    return started
  }

  async function pass(waitForUploads: boolean): Promise<SyncResult> {
    // Every result of this pass is written only while the generation is still this one (local/generation.ts). The
    // engine's own first claim moves it too: that pass ends 'interrupted' and the next one starts at once.
    const generation = await readGeneration(db)
    noAnswer = false
    const setState = (phase: 'idle' | 'syncing' | 'waiting', message: string | null) =>
      fencedTransaction(db, generation, [], () => writeMeta(db, 'syncState', { phase, message }))
    try {
      // The outbox may only ever go out with its own user's tokens: another user's sign-in must wipe it first.
      const userId = await transport.currentUserId()
      if (!userId) throw new SessionEndedError(SIGNED_OUT_MESSAGE, 401)
      const owner = await localDataOwner(db)
      // Only a database that was never signed out is claimed here; after a logout or a wipe, the page's signedIn() does.
      if (owner === undefined && generation === 0) await claimLocalDataFor(db, userId, generation)
      else if (owner !== userId) throw new SessionEndedError(SIGNED_OUT_MESSAGE, 401)
      // Every request of this pass carries this owner's token or is not sent: another owner's sign-in meanwhile
      // ends the pass ('interrupted') instead of sending this owner's outbox with the newcomer's token.
      const session = transport.boundTo(userId)
      const running = stateWhileRunning(await readMeta(db, 'syncState'))
      await setState(running.phase, running.message)
      // A failure of uploads nobody waited for is reported once (the scheduler backs off); the pass after restarts them.
      const reported = unreportedFailure
      unreportedFailure = undefined
      // Started, not awaited: the push does not wait even for the question whether there is an upload to start.
      const starting = reported === undefined ? startUploads(generation, session) : Promise.resolve(undefined)
      starting.catch(() => undefined)
      let pushed = await pushOutbox(db, session, generation)
      // A refused or "later" entry does not keep purchases and other devices' edits from arriving: pull anyway.
      await pullChanges(db, session, generation)
      const uploads = await starting
      if (uploads && waitForUploads) {
        const outcome = await uploads.result
        unreportedFailure = undefined
        if (outcome.error !== undefined) throw outcome.error
        // The entries that waited for these images now carry the server's ids.
        if (outcome.uploaded > 0 && pushed === 'complete') pushed = await pushOutbox(db, session, generation)
      }
      if (reported !== undefined) throw reported
      if (pushed === 'retry-later') throw new TransientError('The server asked to try again later')
      // Display only: "Synced at {time}". Ordering never reads a clock.
      await fencedTransaction(db, generation, [], async () => {
        await writeMeta(db, 'lastSyncedAt', new Date().toISOString())
        await writeMeta(db, 'syncState', { phase: 'idle', message: null })
      })
      return 'synced'
    } catch (error) {
      if (error instanceof FencedError) return 'interrupted'
      try {
        if (error instanceof TransientError) {
          noAnswer = error.message === NO_ANSWER
          await setState('waiting', error.message)
          return 'retry-later'
        }
        if (error instanceof SessionEndedError) {
          await setState('idle', SIGNED_OUT_MESSAGE)
          return 'signed-out'
        }
        await setState('waiting', error instanceof Error ? error.message : 'Sync failed')
      } catch (stateError) {
        if (stateError instanceof FencedError) return 'interrupted'
        throw stateError
      }
      throw error
    }
  }

  return {
    /** Runs one pass; a call while one runs shares it (the scheduler asks again for writes made meanwhile). */
    syncOnce({ waitForUploads = true } = {}) {
      running ??= pass(waitForUploads).finally(() => {
        running = undefined
      })
      return running
    },
    lastPassGotNoAnswer: () => noAnswer,
    async uploadsSettled() {
      while (lane) await lane.result
    },
  }
}
