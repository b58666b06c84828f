// Owns how the sync indicator looks: colour and icon per state; the words come from src/sync/status.ts.
import type { SyncIndicator } from '../../sync/status.ts'

export type BadgeLook = { color: 'gray' | 'blue' | 'yellow' | 'green' | 'red'; icon: 'offline' | 'syncing' | 'cloud' }

const LOOKS: Record<SyncIndicator['state'], BadgeLook> = {
  offline: { color: 'gray', icon: 'offline' },
  syncing: { color: 'blue', icon: 'syncing' },
  waiting: { color: 'yellow', icon: 'cloud' },
  'needs-you': { color: 'red', icon: 'cloud' },
  pending: { color: 'yellow', icon: 'cloud' },
  synced: { color: 'green', icon: 'cloud' },
  'never-synced': { color: 'gray', icon: 'cloud' },
}

/** Refused changes turn an otherwise calm badge red, so the owner opens the list and retries or discards. */
export function badgeLook(indicator: Pick<SyncIndicator, 'state' | 'failedCount'>): BadgeLook {
  const look = LOOKS[indicator.state]
  return indicator.failedCount > 0 && indicator.state !== 'offline' ? { ...look, color: 'red' } : look
}

/** The indicator's accessible name: what it says, and how many things need the owner. */
export function badgeAccessibleName(indicator: Pick<SyncIndicator, 'label' | 'failedCount'>, noticeCount: number): string {
  const attention = indicator.failedCount + noticeCount
  return attention > 0 ? `Sync status: ${indicator.label}, ${attention} need attention` : `Sync status: ${indicator.label}`
}

/** The number beside the icon: refused changes first (they need the owner), else the changes waiting to be sent. */
export function badgeCount(indicator: Pick<SyncIndicator, 'failedCount'>, pendingCount: number): number {
  return indicator.failedCount > 0 ? indicator.failedCount : pendingCount
}
