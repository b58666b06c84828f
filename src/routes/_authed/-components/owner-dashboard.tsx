// Owns the dashboard's composition: the dashboard frame with the wishlist, purchases, QR, sync-status and account
// (the email-confirmation banner) features.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { EmailVerificationBanner } from '../../../features/account/email-verification-banner.tsx'
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx'
import type { DashboardSearch } from '../../../features/dashboard/dashboard-search.ts'
import { useLogout } from '../../../features/dashboard/use-logout.ts'
import { OrderTab } from '../../../features/order/order-tab.tsx'
import { PurchasesTabLive } from '../../../features/purchases/purchases-tab-live.tsx'
import { ProfileAddress } from '../../../features/qr/profile-address.tsx'
import { QrDialogContent } from '../../../features/qr/qr-dialog.tsx'
import { ScanChart } from '../../../features/scans/scan-chart.tsx'
import { ScanStatCard } from '../../../features/scans/scan-stat-card.tsx'
import { HeaderMenu } from '../../../features/shell/header-menu.tsx'
import { useLogoutGuard } from '../../../features/sync-status/logout-confirm-dialog.tsx'
import { SyncStatusBadge } from '../../../features/sync-status/sync-status-badge.tsx'
import { ProductDialog } from '../../../features/wishlist/product-dialog.tsx'
import { WishlistTab } from '../../../features/wishlist/wishlist-tab.tsx'
import { useOwnerSync } from '../../../features/owner-session/owner-sync.ts'

const EMAIL_NOTICE = <EmailVerificationBanner mb="md" />

export function OwnerDashboard({ search }: { search: DashboardSearch }) {
  const sync = useOwnerSync()
  const logout = useLogout()
  const { requestLogout, dialog } = useLogoutGuard(sync, logout)
  const syncNow = useCallback(() => sync.syncNow(), [sync])
  const { db } = sync
  const latestRequestLogout = useRef(requestLogout)
  useLayoutEffect(() => {
    latestRequestLogout.current = requestLogout
  })
  const onLogout = useCallback(() => void latestRequestLogout.current(), [])
  // Stable across renders, so opening a dialog (a new address, a new render) leaves the page's header and menu alone.
  const headerActions = useMemo(
    () => (
      <>
        <SyncStatusBadge sync={sync} />
        <HeaderMenu onLogout={onLogout} />
      </>
    ),
    [sync, onLogout],
  )

  return (
    <DashboardPage
      search={search}
      db={db}
      onViewShown={syncNow}
      headerActions={headerActions}
      notice={EMAIL_NOTICE}
      tabs={{ dashboard: <WishlistTab db={db} extraStat={<ScanStatCard db={db} />} belowStats={<ScanChart db={db} />} />, order: <OrderTab db={db} />, purchases: <PurchasesTabLive db={db} /> }}
      profileSlots={{ address: (shareableId) => <ProfileAddress shareableId={shareableId} />, scans: <ScanStatCard db={db} /> }}
      dialogSlots={{
        qr: ({ shareableId, onClose }) => <QrDialogContent shareableId={shareableId} onClose={onClose} />,
        new: ({ onClose }) => <ProductDialog db={db} mode="new" onClose={onClose} />,
        edit: ({ id, onClose }) => <ProductDialog db={db} mode="edit" id={id} onClose={onClose} />,
      }}
      onLogout={onLogout}
    >
      {dialog}
    </DashboardPage>
  )
}
