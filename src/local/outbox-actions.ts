// The owner's answers to sync problems: retry or discard a failed entry, dismiss a notice.
import type { OwnerDatabase } from './db.ts'
import { writeMeta } from './meta.ts'

/** Puts a failed entry back in line; its place (seq) is kept, so it still goes before later edits of the same thing. */
export async function retryOutboxEntry(db: OwnerDatabase, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.pendingImages], async () => {
    const entry = await db.outbox.get(seq)
    if (!entry || entry.status !== 'failed') return
    await db.outbox.update(seq, { status: 'pending', attempts: 0, lastError: null })
    if (entry.imageRef) await db.pendingImages.update(entry.imageRef, { status: 'pending', lastError: null })
  })
}

/**
 * Drops an entry the server refused. The local rows still show the refused change, so the cursor goes back to 0:
 * the next pull is a full snapshot that restores the server's copy (fields of other pending entries are kept).
 */
export async function discardOutboxEntry(db: OwnerDatabase, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.pendingImages, db.meta], async () => {
    const entry = await db.outbox.get(seq)
    if (!entry) return
    await db.outbox.delete(seq)
    if (entry.imageRef && (await db.outbox.where('imageRef').equals(entry.imageRef).count()) === 0) {
      await db.pendingImages.delete(entry.imageRef)
    }
    await writeMeta(db, 'cursor', 0)
  })
}

export async function dismissNotice(db: OwnerDatabase, id: number): Promise<void> {
  await db.notices.delete(id)
}
