// One sync pass: upload pending images, send the outbox, pull and apply changes; its state is shown to every tab.
import type { OwnerDatabase } from '../local/db.ts'
import { writeMeta } from '../local/meta.ts'
import { claimLocalDataFor, localDataOwner } from '../local/session.ts'
import { pullChanges } from './pull.ts'
import { pushOutbox, type PushState } from './push.ts'
import { AuthLostError, TransientError, type Transport } from './transport.ts'
import { uploadPendingImages } from './uploads.ts'

export type SyncResult = 'synced' | 'retry-later' | 'signed-out'

export type SyncEngine = { syncOnce(): Promise<SyncResult> }

export function createSyncEngine(db: OwnerDatabase, transport: Transport): SyncEngine {
  const pushState: PushState = { batchEndpoint: true }
  let running: Promise<SyncResult> | undefined

  async function pass(): Promise<SyncResult> {
    try {
      // The outbox may only ever go out with its own user's tokens: another user's sign-in must wipe it first.
      const userId = await transport.currentUserId()
      if (!userId) throw new AuthLostError()
      const owner = await localDataOwner(db)
      if (owner === undefined) await claimLocalDataFor(db, userId)
      else if (owner !== userId) throw new AuthLostError()
      await writeMeta(db, 'syncState', { phase: 'syncing', message: null })
      // Images first: the entries that reference them can only go once they carry the server's image id.
      await uploadPendingImages(db, transport)
      await pushOutbox(db, transport, pushState)
      await pullChanges(db, transport)
      // Display only: "Synced at {time}". Ordering never reads a clock.
      await writeMeta(db, 'lastSyncedAt', new Date().toISOString())
      await writeMeta(db, 'syncState', { phase: 'idle', message: null })
      return 'synced'
    } catch (error) {
      if (error instanceof TransientError) {
        await writeMeta(db, 'syncState', { phase: 'waiting', message: error.message })
        return 'retry-later'
      }
      if (error instanceof AuthLostError) {
        await writeMeta(db, 'syncState', { phase: 'idle', message: error.message })
        return 'signed-out'
      }
      await writeMeta(db, 'syncState', { phase: 'waiting', message: error instanceof Error ? error.message : 'Sync failed' })
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
