// The local generation: Discard, logout and another user's sign-in move it, and a sync pass in flight is fenced by it.
import type { Table } from 'dexie'
import type { OwnerDatabase } from './db.ts'
import { readMeta, writeMeta } from './meta.ts'

/** The generation moved while a sync pass ran: that pass's late results must not land. */
export class FencedError extends Error {
  override name = 'FencedError'
  constructor() {
    super('Local data changed while syncing; this pass stopped')
  }
}

export async function readGeneration(db: OwnerDatabase): Promise<number> {
  return (await readMeta(db, 'generation')) ?? 0
}

/** Inside the caller's transaction (which must include meta); `previous` when the caller has just cleared meta. */
export async function bumpGeneration(db: OwnerDatabase, previous?: number): Promise<void> {
  await writeMeta(db, 'generation', (previous ?? (await readGeneration(db))) + 1)
}

/**
 * One read-write transaction that first checks the generation. Discard and logout move it inside their own
 * transactions, and Dexie runs the two one after the other, so a result either lands before them or not at all.
 */
export function fencedTransaction<T>(db: OwnerDatabase, generation: number, tables: Table[], work: () => Promise<T>): Promise<T> {
  return db.transaction('rw', [...new Set<Table>([...tables, db.meta])], async () => {
    if ((await readGeneration(db)) !== generation) throw new FencedError()
    return work()
  })
}
