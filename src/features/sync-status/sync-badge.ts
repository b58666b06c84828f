// Owns how the sync indicator looks: colour, icon and count per state; the words come from src/sync/status.ts.
import type { SyncIndicator } from '../../sync/status.ts'

export type BadgeLook = { color: 'gray' | 'blue' | 'yellow' | 'green' | 'red' | 'orange'; icon: 'offline' | 'syncing' | 'cloud' | 'notice' }

const LOOKS: Record<SyncIndicator['state'], BadgeLook> = {
  offline: { color: 'gray', icon: 'offline' },
  syncing: { color: 'blue', icon: 'syncing' },
  waiting: { color: 'yellow', icon: 'cloud' },
  'needs-you': { color: 'red', icon: 'cloud' },
  pending: { color: 'yellow', icon: 'cloud' },
  synced: { color: 'green', icon: 'cloud' },
  'never-synced': { color: 'gray', icon: 'cloud' },
}

/**
 * Refused changes turn an otherwise calm badge red, so the owner opens the list and retries or discards. A notice
 * (changes thrown away because another device deleted the thing) needs reading, not an action: orange with its own
 * icon, so it is neither a calm green cloud nor taken for an error.
 */
export function badgeLook(indicator: Pick<SyncIndicator, 'state' | 'failedCount'>, noticeCount = 0): BadgeLook {
  const look = LOOKS[indicator.state]
  if (indicator.state === 'offline') return look
  if (indicator.failedCount > 0) return { ...look, color: 'red' }
  return noticeCount > 0 ? { color: 'orange', icon: 'notice' } : look
}

/** The indicator's accessible name: what it says, and how many things need the owner. */
export function badgeAccessibleName(indicator: Pick<SyncIndicator, 'label' | 'failedCount'>, noticeCount: number): string {
  const attention = indicator.failedCount + noticeCount
  return attention > 0 ? `Sync status: ${indicator.label}, ${attention} need attention` : `Sync status: ${indicator.label}`
}

/** The number beside the icon: what needs the owner first (refused changes and notices), else the changes waiting to be sent. */
export function badgeCount(indicator: Pick<SyncIndicator, 'failedCount'>, pendingCount: number, noticeCount = 0): number {
  const attention = indicator.failedCount + noticeCount
  return attention > 0 ? attention : pendingCount
}

/** The words beside the icon from 992 px up (the header has no room for them below): the label, then what needs the owner. */
export function badgeText(indicator: Pick<SyncIndicator, 'label' | 'failedCount'>, noticeCount: number): string {
  const parts = [indicator.label]
  if (indicator.failedCount > 0) parts.push(`${indicator.failedCount} failed`)
  if (noticeCount > 0) parts.push(noticeCount === 1 ? '1 notice' : `${noticeCount} notices`)
  return parts.join(' · ')
}

/** What a screen reader hears of the sync state: only these three, so a count ticking by is never read out. */
export type SyncMood = 'offline' | 'refused' | 'online'

export function syncMood(indicator: Pick<SyncIndicator, 'state' | 'failedCount'>): SyncMood {
  if (indicator.state === 'offline') return 'offline'
  return indicator.failedCount > 0 ? 'refused' : 'online'
}

/** Said once when the mood changes; nothing at the first look (the badge's name says it) or when a refusal is settled. */
export function moodAnnouncement(previous: SyncMood | null, next: SyncMood): string | null {
  if (previous === null || previous === next) return null
  if (next === 'offline') return 'Offline: changes are kept on this device'
  if (next === 'refused') return 'A change was refused: open the sync status'
  return previous === 'offline' ? 'Back online: changes are sent' : null
}
