// Owns what the sync indicator says (design section 4): offline, syncing, N pending or the last sync time.
import type { OwnerDatabase } from '../../local/db.ts'
import type { MetaValue } from '../../local/meta.ts'

export type SyncBadgeInput = {
  online: boolean
  pendingCount: number
  syncState: MetaValue<'syncState'>
  lastSyncedAt: string | undefined
}

export type SyncBadge = { label: string; color: 'gray' | 'blue' | 'yellow' | 'green' }

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

export function formatSyncTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date)
}

/** Offline wins (nothing can sync), then a running pass, then what waits, then when all was last in step. */
export function syncBadge(input: SyncBadgeInput, formatTime: (iso: string) => string = formatSyncTime): SyncBadge {
  if (!input.online) return { label: 'Offline', color: 'gray' }
  if (input.syncState.phase === 'syncing') return { label: 'Syncing', color: 'blue' }
  if (input.pendingCount > 0) return { label: `${input.pendingCount} pending`, color: 'yellow' }
  if (input.lastSyncedAt) return { label: `Synced at ${formatTime(input.lastSyncedAt)}`, color: 'green' }
  return { label: 'Not synced yet', color: 'gray' }
}

export function unsyncedChangesMessage(count: number): string {
  return count === 1 ? 'You have 1 change that is not synced yet' : `You have ${count} changes that are not synced yet`
}

/**
 * Changes a logout would lose: pending and failed entries. Cleanup calls whose failure is ignored anyway
 * (deleting an old photo) are not the owner's changes and are not counted.
 */
export function unsyncedChangeCount(db: OwnerDatabase): Promise<number> {
  return db.outbox.filter((entry) => !entry.ignoreFailure).count()
}
