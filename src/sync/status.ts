// The app shell's sync indicator as pure data: Offline / Syncing / N pending / Synced at {time}, plus failed entries.
import type { LocalSyncStatus } from '../local/queries.ts'

export type SyncIndicator = {
  /**
   * `waiting`: the last pass could not reach the server (or it failed for now); pending changes go by themselves later.
   * `needs-you`: changes the server will not take as they are wait for the owner's Retry or Discard.
   */
  state: 'offline' | 'syncing' | 'waiting' | 'needs-you' | 'pending' | 'synced' | 'never-synced'
  label: string
  failedCount: number
}

/** Formats the last sync time in the owner's locale; device time is fine here because it is only shown. */
const timeOf = (iso: string, locale?: string) => new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })

export function describeSyncStatus(status: LocalSyncStatus, online: boolean, locale?: string): SyncIndicator {
  const failedCount = status.failed.length
  if (!online) return { state: 'offline', label: status.pendingCount > 0 ? `Offline · ${status.pendingCount} pending` : 'Offline', failedCount }
  if (status.syncState.phase === 'syncing') return { state: 'syncing', label: status.pendingCount > 0 ? `Syncing… · ${status.pendingCount} pending` : 'Syncing…', failedCount }
  if (failedCount > 0) return { state: 'needs-you', label: status.pendingCount > 0 ? `Needs you · ${status.pendingCount} pending` : 'Needs you', failedCount }
  if (status.pendingCount > 0 && status.syncState.phase === 'waiting') {
    return { state: 'waiting', label: `Waiting for the server · ${status.pendingCount} pending`, failedCount }
  }
  if (status.pendingCount > 0) return { state: 'pending', label: `${status.pendingCount} pending`, failedCount }
  if (status.lastSyncedAt) return { state: 'synced', label: `Synced at ${timeOf(status.lastSyncedAt, locale)}`, failedCount }
  return { state: 'never-synced', label: 'Not synced yet', failedCount }
}

type SyncState = LocalSyncStatus['syncState']

/**
 * The state a pass shows while it runs. After a pass that got no answer (or a "later" one), the next attempt keeps
 * 'Waiting for the server' and its reason until an answer comes: a frozen server answers nothing for the whole
 * deadline, and 'Syncing…' for minutes would hide that the changes are not getting through.
 */
export function stateWhileRunning(previous: SyncState | undefined): SyncState {
  return previous?.phase === 'waiting' ? previous : { phase: 'syncing', message: null }
}

/** The logout warning of the issue, or undefined when nothing would be lost. */
export function unsyncedChangesWarning(unsyncedCount: number): string | undefined {
  if (unsyncedCount === 0) return undefined
  return unsyncedCount === 1 ? 'You have 1 change that is not synced yet' : `You have ${unsyncedCount} changes that are not synced yet`
}
