// Owns the frame of the owner's full pages (/products/*, /profile/edit): the site header with the sync badge and the
// owner's tabs (in the header from tablets up, a bottom bar on phones), the logo leading back to the dashboard, and the
// email-confirmation banner at the top of the content, as wide as the pages' own column.
import { Container, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { EmailVerificationBanner } from '../../../features/account/email-verification-banner.tsx'
import type { DashboardView } from '../../../features/dashboard/dashboard-search.ts'
import { OwnerTabs } from '../../../features/dashboard/owner-tabs.tsx'
import { SiteHeader } from '../../../features/shell/site-header.tsx'
import { SyncStatusBadge } from '../../../features/sync-status/sync-status-badge.tsx'
import { useBootShellRemoved } from '../../../ui/boot-shell.ts'
import { useOwnerSync } from '../../../features/owner-session/owner-sync.ts'

export function OwnerPageFrame({ children, tab }: { children: ReactNode; tab: DashboardView }) {
  const sync = useOwnerSync()
  useBootShellRemoved()
  return (
    <>
      <SiteHeader home="/dashboard" nav={<OwnerTabs current={tab} placement="top" />}>
        <SyncStatusBadge sync={sync} />
      </SiteHeader>
      <main>
        {/* The page's one h1 for screen readers; the page's visible title is its h2. */}
        <VisuallyHidden component="h1">QR Tee owner pages</VisuallyHidden>
        {/* No vertical padding: without a banner it takes no room; the page's own column spaces what follows. */}
        <Container size="sm">
          <EmailVerificationBanner mt="md" />
        </Container>
        {children}
      </main>
      <OwnerTabs current={tab} placement="bottom" />
    </>
  )
}
