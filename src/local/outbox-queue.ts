// How local writes queue outbox entries: a new entry, or a later edit folded into the unsent one; superseded image picks.
import type { OutboxEntry, OutboxTarget, OwnerDatabase } from './db.ts'
import { acceptsFix, acceptsLaterEdits, isImageChange, sameSubject, withLaterEdit } from './outbox-rules.ts'

export type NewEntry = Omit<OutboxEntry, 'seq' | 'status' | 'createdAt' | 'attempts' | 'lastError' | 'idempotencyKey' | 'imageRef' | 'ignoreFailure'> &
  Partial<Pick<OutboxEntry, 'imageRef' | 'ignoreFailure'>>

export function outboxEntry(entry: NewEntry): OutboxEntry {
  return {
    imageRef: null,
    ignoreFailure: false,
    ...entry,
    idempotencyKey: crypto.randomUUID(),
    status: 'pending',
    createdAt: new Date().toISOString(),
    attempts: 0,
    lastError: null,
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Queues a text edit (item fields or profile settings). While the subject's latest text entry has never gone out, the
 * edit is folded into it, so ten edits of one offline item are one operation carrying what changed; once the engine
 * has picked that entry for a push, its key names its body and the edit queues an entry of its own.
 */
export async function queueEdit(db: OwnerDatabase, entry: NewEntry): Promise<void> {
  const textEntries = await db.outbox.orderBy('seq').filter((other) => sameSubject(other, entry.target) && !isImageChange(other.target)).toArray()
  if (!isRecord(entry.body) || entry.target.entity === 'upload') {
    await db.outbox.add(outboxEntry(entry))
    return
  }
  if (await foldIntoRefused(db, textEntries, entry.body, entry.target.fields)) return
  const latest = textEntries.at(-1)
  if (latest?.seq !== undefined && acceptsLaterEdits(latest)) {
    await db.outbox.update(latest.seq, withLaterEdit(latest, entry.body, entry.target.fields))
    return
  }
  await db.outbox.add(outboxEntry(entry))
}

/**
 * A later edit of a thing whose change the server refused is the owner's fix of it (decision 199): it and the unsent
 * edits queued behind the refusal are folded into the refused entry, which goes again at once as a new attempt (a new
 * Idempotency-Key: the old one replays the refusal). Queued behind it instead, the fix could never go, Retry would meet
 * the same refusal and Discard would drop the owner's other changes with it. Not possible (a refused delete, an entry
 * behind it that went out): false, and the edit queues as before.
 */
async function foldIntoRefused(db: OwnerDatabase, textEntries: OutboxEntry[], body: Record<string, unknown>, fields: readonly string[]): Promise<boolean> {
  const refusedAt = textEntries.findLastIndex((other) => other.status === 'failed')
  const refused = textEntries[refusedAt]
  const behind = textEntries.slice(refusedAt + 1)
  if (!refused || refused.seq === undefined || !acceptsFix(refused) || !behind.every((other) => acceptsLaterEdits(other) && isRecord(other.body))) return false
  let folded: Pick<OutboxEntry, 'body' | 'target'> = refused
  for (const later of [...behind, { body, target: { entity: 'profile' as const, fields: [...fields] } }]) {
    folded = withLaterEdit({ ...refused, ...folded }, later.body as Record<string, unknown>, later.target.entity === 'upload' ? [] : later.target.fields)
  }
  await db.outbox.bulkDelete(behind.flatMap((other) => (other.seq === undefined ? [] : [other.seq])))
  await db.outbox.update(refused.seq, {
    ...folded,
    status: 'pending',
    sent: false,
    attempts: 0,
    lastError: null,
    mutationId: undefined,
    retriedAt: undefined,
    idempotencyKey: crypto.randomUUID(),
  })
  return true
}

export async function addPendingImage(db: OwnerDatabase, blob: Blob, owner: { productId: string | null; profileId: string | null }) {
  const id = crypto.randomUUID()
  await db.pendingImages.add({ id, blob, uploadKey: crypto.randomUUID(), ...owner, status: 'pending', lastError: null })
  return id
}

/**
 * Drops the subject's image entries a new pick, a removal or a delete makes pointless, with their pending blobs: every
 * refused one, and with `unsent` also those never handed to a push. An image entry that went out stays, so the server
 * sees the picks in the order they were made.
 */
export async function dropImageEntries(db: OwnerDatabase, subject: OutboxTarget, which: 'refused' | 'unsent'): Promise<void> {
  const dropped = await db.outbox
    .filter((entry) => sameSubject(entry, subject) && isImageChange(entry.target) && (entry.status === 'failed' || (which === 'unsent' && !entry.sent)))
    .toArray()
  await db.outbox.bulkDelete(dropped.flatMap((entry) => (entry.seq === undefined ? [] : [entry.seq])))
  for (const imageRef of new Set(dropped.flatMap((entry) => (entry.imageRef ? [entry.imageRef] : [])))) {
    if ((await db.outbox.where('imageRef').equals(imageRef).count()) === 0) await db.pendingImages.delete(imageRef)
  }
}
