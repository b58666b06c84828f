// The owner's answers to sync problems: retry or discard a failed entry, dismiss a notice.
import type { OwnerDatabase } from './db.ts'
import { bumpGeneration } from './generation.ts'
import { writeMeta } from './meta.ts'

/**
 * Puts a failed entry back in line; its place (seq) is kept, so it still goes before later edits of the same thing.
 * Retry is a new attempt: new Idempotency-Keys (its own and its image upload's), because the server replays the stored
 * refusal to the old key. Automatic resends never come here and keep their key.
 */
export async function retryOutboxEntry(db: OwnerDatabase, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.pendingImages, db.items, db.profile], async () => {
    const entry = await db.outbox.get(seq)
    if (!entry || entry.status !== 'failed') return
    await db.outbox.update(seq, { status: 'pending', attempts: 0, lastError: null, idempotencyKey: crypto.randomUUID(), retriedAt: new Date().toISOString() })
    if (!entry.imageRef) return
    await db.pendingImages.update(entry.imageRef, { status: 'pending', lastError: null, uploadKey: crypto.randomUUID() })
    // A refused image was taken off the screen (the server's photo showed again); the new attempt shows it again.
    if (entry.target.entity === 'item') await db.items.update(entry.target.id, { localImageId: entry.imageRef })
    if (entry.target.entity === 'profile') await db.profile.toCollection().modify({ localImageId: entry.imageRef })
  })
}

/**
 * Drops an entry the server refused. The local rows still show the refused change, so the cursor goes back to 0:
 * the next pull is a full snapshot that restores the server's copy (fields of other pending entries are kept).
 * Discarding a create also drops the later entries of that item (they could only answer 404) and its local row.
 */
export async function discardOutboxEntry(db: OwnerDatabase, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.pendingImages, db.items, db.meta], async () => {
    const entry = await db.outbox.get(seq)
    if (!entry) return
    const { target } = entry
    const dropped =
      target.entity === 'item' && target.kind === 'create'
        ? await db.outbox.filter((other) => other.target.entity === 'item' && other.target.id === target.id).toArray()
        : [entry]
    await db.outbox.bulkDelete(dropped.flatMap((other) => (other.seq === undefined ? [] : [other.seq])))
    if (target.entity === 'item' && target.kind === 'create') await db.items.delete(target.id)
    for (const imageRef of new Set(dropped.flatMap((other) => (other.imageRef ? [other.imageRef] : [])))) {
      if ((await db.outbox.where('imageRef').equals(imageRef).count()) === 0) await db.pendingImages.delete(imageRef)
    }
    await writeMeta(db, 'cursor', 0)
    // A pull already running would write its cursor (and rows) back over this reset.
    await bumpGeneration(db)
  })
}

export async function dismissNotice(db: OwnerDatabase, id: number): Promise<void> {
  await db.notices.delete(id)
}
