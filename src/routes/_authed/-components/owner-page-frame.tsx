// Owns the frame of the owner's full pages (/products/*, /profile/edit): the site header with the sync badge.
import type { ReactNode } from 'react'
import { SiteHeader } from '../../../features/shell/site-header.tsx'
import { SyncStatusBadge } from '../../../features/sync-status/sync-status-badge.tsx'
import { useOwnerSync } from './owner-sync.ts'

export function OwnerPageFrame({ children }: { children: ReactNode }) {
  const sync = useOwnerSync()
  return (
    <>
      <SiteHeader>
        <SyncStatusBadge sync={sync} />
      </SiteHeader>
      <main>{children}</main>
    </>
  )
}
