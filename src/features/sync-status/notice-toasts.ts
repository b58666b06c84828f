// Owns the toast that announces a sync notice once, the moment it arrives (the badge keeps it after).
import { notifications } from '@mantine/notifications'
import { useEffect, useRef } from 'react'
import type { Notice } from '../../local/db.ts'

/**
 * The notices to announce: those not seen before. The first list this tab reads is only remembered (those arrived
 * while it was closed or were announced already; the badge shows them), so a reload does not repeat them.
 */
export function arrivedNotices(seen: ReadonlySet<number> | null, current: readonly Notice[]): Notice[] {
  if (seen === null) return []
  return current.filter((notice) => notice.id !== undefined && !seen.has(notice.id))
}

export const NOTICE_TITLES: Record<Notice['kind'], string> = {
  'deleted-elsewhere': 'Changes discarded',
  'changed-elsewhere': 'Changed on another device',
}

/** Shows each notice that arrives while the app is open as a toast, once. */
export function useNoticeToasts(notices: readonly Notice[] | undefined) {
  const seen = useRef<Set<number> | null>(null)
  useEffect(() => {
    if (!notices) return
    for (const notice of arrivedNotices(seen.current, notices)) {
      notifications.show({ color: 'orange', title: NOTICE_TITLES[notice.kind], message: notice.message, autoClose: 10_000 })
    }
    seen.current = new Set([...(seen.current ?? []), ...notices.flatMap((notice) => (notice.id === undefined ? [] : [notice.id]))])
  }, [notices])
}
