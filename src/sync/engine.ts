// One sync pass: upload pending images, send the outbox, pull and apply changes; its state is shown to every tab.
import type { OwnerDatabase } from '../local/db.ts'
import { FencedError, fencedTransaction, readGeneration } from '../local/generation.ts'
import { writeMeta } from '../local/meta.ts'
import { claimLocalDataFor, localDataOwner } from '../local/session.ts'
import { pullChanges } from './pull.ts'
import { pushOutbox, type PushState } from './push.ts'
import { AuthLostError, TransientError, type Transport } from './transport.ts'
import { uploadPendingImages } from './uploads.ts'

/** `interrupted`: Discard, logout or another sign-in came in while the pass ran; its late results were dropped. */
export type SyncResult = 'synced' | 'retry-later' | 'signed-out' | 'interrupted'

export type SyncEngine = { syncOnce(): Promise<SyncResult> }

export function createSyncEngine(db: OwnerDatabase, transport: Transport): SyncEngine {
  const pushState: PushState = { batchEndpoint: true }
  let running: Promise<SyncResult> | undefined

  async function pass(): Promise<SyncResult> {
    // Every result of this pass is written only while the generation is still this one (local/generation.ts). The
    // engine's own first claim moves it too: that pass ends 'interrupted' and the next one starts at once.
    const generation = await readGeneration(db)
    const setState = (phase: 'idle' | 'syncing' | 'waiting', message: string | null) =>
      fencedTransaction(db, generation, [], () => writeMeta(db, 'syncState', { phase, message }))
    try {
      // The outbox may only ever go out with its own user's tokens: another user's sign-in must wipe it first.
      const userId = await transport.currentUserId()
      if (!userId) throw new AuthLostError()
      const owner = await localDataOwner(db)
      // Only a database that was never signed out is claimed here; after a logout or a wipe, the page's signedIn() does.
      if (owner === undefined && generation === 0) await claimLocalDataFor(db, userId, generation)
      else if (owner !== userId) throw new AuthLostError()
      await setState('syncing', null)
      // Images first: the entries that reference them can only go once they carry the server's image id.
      await uploadPendingImages(db, transport, generation)
      const pushed = await pushOutbox(db, transport, pushState, generation)
      // A refused or "later" entry does not keep purchases and other devices' edits from arriving: pull anyway.
      await pullChanges(db, transport, generation)
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
          await setState('waiting', error.message)
          return 'retry-later'
        }
        if (error instanceof AuthLostError) {
          await setState('idle', error.message)
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
    syncOnce() {
      running ??= pass().finally(() => {
        running = undefined
      })
      return running
    },
  }
}
