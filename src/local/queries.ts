// Read-only queries for useLiveQuery: what owner screens and the app shell show, straight from Dexie.
import type { LocalItem, LocalProfile, Notice, OutboxEntry, OwnerDatabase } from './db.ts'
import { changeNames } from './change-names.ts'
import { readMeta, type MetaValue } from './meta.ts'
import { acceptsFix, sameSubject } from './outbox-rules.ts'
import type { PurchaseRecord } from '../contract/purchase.ts'

export function profileQuery(db: OwnerDatabase): Promise<LocalProfile | undefined> {
  return db.profile.toCollection().first()
}

/** The wishlist in display order (oldest first; reverse for newest first). */
export function itemsQuery(db: OwnerDatabase): Promise<LocalItem[]> {
  return db.items.orderBy('position').toArray()
}

export function itemQuery(db: OwnerDatabase, id: string): Promise<LocalItem | undefined> {
  return db.items.get(id)
}

export function purchasesQuery(db: OwnerDatabase): Promise<PurchaseRecord[]> {
  return db.purchases.toArray()
}

/** A picked image that is not uploaded yet, for a preview (`URL.createObjectURL`). */
export async function pendingImageQuery(db: OwnerDatabase, localImageId: string): Promise<Blob | undefined> {
  return (await db.pendingImages.get(localImageId))?.blob
}

export function pendingOutboxCount(db: OwnerDatabase): Promise<number> {
  return db.outbox.where('status').equals('pending').count()
}

/**
 * A refused change as its card shows it. `loses`: what Discard drops, in words; `waitingBehind`: later changes of the
 * same thing that could not be folded into it as a fix (decision 199) and wait until it is retried or discarded.
 */
export type FailedEntry = {
  seq: number
  summary: string
  error: string
  createdAt: string
  loses: string
  waitingBehind: number
  /** When the owner last pressed Retry, if they did: the card then says the change is still refused. */
  retriedAt: string | null
  /** Where an edit fixes it (decision 199 folds that edit into this change and sends it again); null: only Retry or Discard. */
  fixIn: { kind: 'item'; id: string } | { kind: 'profile' } | null
}

export async function failedOutboxEntries(db: OwnerDatabase): Promise<FailedEntry[]> {
  const failed = await db.outbox.where('status').equals('failed').sortBy('seq')
  // An image change carries no name: the item's own row says which product it was for.
  const itemIds = failed.flatMap((entry) => (entry.target.entity === 'item' ? [entry.target.id] : []))
  const names = new Map((await db.items.bulkGet(itemIds)).flatMap((item) => (item ? [[item.id, item.name] as const] : [])))
  const pending = await db.outbox.where('status').equals('pending').toArray()
  return failed.map((entry) => {
    const summary = describeOutboxEntry(entry, entry.target.entity === 'item' ? names.get(entry.target.id) : undefined)
    const named = changeNames(entry)
    const whole = entry.target.entity === 'item' && entry.target.kind !== 'update'
    return {
      seq: entry.seq ?? 0,
      summary,
      error: entry.lastError ?? 'Request failed',
      createdAt: entry.createdAt,
      retriedAt: entry.retriedAt ?? null,
      loses: whole || named.length === 0 ? summary : named.join(', '),
      waitingBehind: pending.filter((other) => (other.seq ?? 0) > (entry.seq ?? 0) && sameSubject(other, entry.target)).length,
      fixIn: fixPlace(entry, names),
    }
  })
}

/** The form whose edit is a fix: the product's own (while it is still on this device), or the profile settings. */
function fixPlace(entry: OutboxEntry, localItems: ReadonlyMap<string, string>): FailedEntry['fixIn'] {
  if (!acceptsFix(entry)) return null
  if (entry.target.entity === 'profile') return { kind: 'profile' }
  return entry.target.entity === 'item' && localItems.has(entry.target.id) ? { kind: 'item', id: entry.target.id } : null
}

/** A short human name for an entry, for the failed-changes list. */
export function describeOutboxEntry(entry: OutboxEntry, itemName?: string): string {
  const target = entry.target
  if (target.entity === 'upload') return 'Delete old photo'
  if (target.entity === 'profile') {
    if (target.fields.includes('profileImageId')) return 'Profile photo'
    // Which settings, not just 'Profile settings': the owner must know what a Discard would drop.
    const named = changeNames(entry)
    return named.length > 0 ? `Profile settings: ${named.join(', ')}` : 'Profile settings'
  }
  const name = bodyName(entry.body) ?? itemName
  const label = { create: 'New product', update: 'Product changes', delete: 'Product removal' }[target.kind]
  if (target.fields.includes('storedImageId') && target.kind === 'update') return name ? `Product image (${name})` : 'Product image'
  return name ? `${label}: ${name}` : label
}

function bodyName(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('name' in body)) return undefined
  return typeof body.name === 'string' ? body.name : undefined
}

export function noticesQuery(db: OwnerDatabase): Promise<Notice[]> {
  return db.notices.orderBy('id').toArray()
}

export type LocalSyncStatus = {
  pendingCount: number
  failed: FailedEntry[]
  lastSyncedAt: string | undefined
  syncState: MetaValue<'syncState'>
  notices: Notice[]
}

/** Everything the shell's sync indicator needs except `navigator.onLine`, which the page adds. */
export async function localSyncStatusQuery(db: OwnerDatabase): Promise<LocalSyncStatus> {
  const [pendingCount, failed, lastSyncedAt, syncState, notices] = await Promise.all([
    pendingOutboxCount(db),
    failedOutboxEntries(db),
    readMeta(db, 'lastSyncedAt'),
    readMeta(db, 'syncState'),
    noticesQuery(db),
  ])
  return { pendingCount, failed, lastSyncedAt, syncState: syncState ?? { phase: 'idle', message: null }, notices }
}
