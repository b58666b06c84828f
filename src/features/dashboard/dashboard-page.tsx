// Owns the dashboard frame (/dashboard): the app shell with header and side menu, the tab chosen by `view`,
// the dialog chosen by `modal`, and the profile that is refreshed on each tab change.
import { Alert, AppShell, Group, VisuallyHidden } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { AnchorLink } from '../../ui/anchor-link.tsx'
import { afterNextPaint } from '../../ui/after-first-paint.ts'
import { useBootShellRemoved } from '../../ui/boot-shell.ts'
import { type DialogRequest, DialogRequestContext } from '../../ui/dialog-request.ts'
import { type DashboardDialogSlots, DashboardDialogs } from './dashboard-dialogs.tsx'
import { DashboardNav } from './dashboard-nav.tsx'
import { OwnerTabs } from './owner-tabs.tsx'
import type { DashboardSearch, DashboardView } from './dashboard-search.ts'
import { ProfileTab, type ProfileTabSlots } from './other-tabs.tsx'
import { useLogout } from './use-logout.ts'
import { useOwnerProfile } from './use-owner-profile.ts'

/** The tabs the route fills from other features; Profile is the dashboard's own. */
type DashboardTabSlots = Record<'dashboard' | 'order' | 'purchases', ReactNode>

type Props = {
  search: DashboardSearch
  /** The owner's local database, for the profile the shell shows. */
  db: OwnerDatabase
  /** Called on each tab change: the spec's "profile refreshed on each tab change" (e.g. a sync now). */
  onViewShown?: (view: DashboardView) => void
  headerActions?: ReactNode
  /** Shown at the top of every tab, under the fixed header (e.g. the email-confirmation banner). */
  notice?: ReactNode
  tabs: DashboardTabSlots
  /** The Profile tab's parts from other features: the public address with Open and Share, the scan count. */
  profileSlots?: ProfileTabSlots
  dialogSlots?: DashboardDialogSlots
  /** Replaces the plain logout, e.g. with one that warns about unsynced changes first. */
  onLogout?: () => void
  /** Rendered once inside the shell, e.g. that warning's dialog or sync problem notices. */
  children?: ReactNode
}

export function DashboardPage({ search, db, onViewShown, headerActions, notice, tabs, profileSlots, dialogSlots = {}, onLogout, children }: Props) {
  const navigate = useNavigate({ from: '/dashboard' })
  const logout = useLogout()
  const profile = useOwnerProfile(db, search.view)
  useBootShellRemoved()

  // After the view's first paint: a reload's render flushes its effects in its own task, ahead of the frame.
  useEffect(() => (onViewShown ? afterNextPaint(() => onViewShown(search.view)) : undefined), [onViewShown, search.view])

  const selectView = useCallback(
    (view: DashboardView) => void navigate({ search: { view } }),
    [navigate],
  )
  const plainLogout = useCallback(() => void logout(), [logout])
  // A tap's dialog opens in the dialogs' own render, only theirs, then the address follows (decision 178), once the
  // dialog has been painted: the router's navigation (history.pushState, saving scroll positions with a forced
  // layout) took tens of ms at CPU 4x inside the tap's own task, before the dialog could be painted (decision 191).
  const dialogRequests = useRef<((request: DialogRequest) => void) | null>(null)
  // The request whose address has yet to follow; a dialog closed before then must not be opened again by it.
  const addressToFollow = useRef<DialogRequest | null>(null)
  const requestDialog = useCallback(
    (request: DialogRequest) => {
      dialogRequests.current?.(request)
      addressToFollow.current = request
      afterNextPaint(() => {
        if (addressToFollow.current !== request) return
        addressToFollow.current = null
        void navigate({ search: { modal: request.modal, id: request.id }, resetScroll: false })
      })
    },
    [navigate],
  )
  // Closing a dialog leaves the page where the owner left it (the router would scroll it to the top). Stable, so the
  // router catching up with a tap's dialog does not render its form again.
  const closeModal = useCallback(() => {
    addressToFollow.current = null
    void navigate({ search: (prev) => ({ ...prev, modal: undefined, id: undefined }), resetScroll: false })
  }, [navigate])

  // Opening or closing a dialog changes the address and renders this page again: the header and the menu (a few dozen
  // Mantine components, the theme switch measuring itself) are the same elements then, so React skips them (decision 110).
  const header = useMemo(
    () => (
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <AnchorLink to="/dashboard" fw={700} size="lg" underline="never" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap', minHeight: 44 }}>
          <IconQrcode size={24} aria-hidden />
          QR Tee
        </AnchorLink>
        <Group gap="xs" wrap="nowrap">
          {headerActions}
        </Group>
      </Group>
    ),
    [headerActions],
  )
  const menu = useMemo(
    () => <DashboardNav view={search.view} onSelect={selectView} onLogout={onLogout ?? plainLogout} />,
    [search.view, selectView, onLogout, plainLogout],
  )

  return (
    // Phones get the bottom tab bar instead of the side menu (issue 23, decision 144).
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }} padding="md">
      <AppShell.Header>{header}</AppShell.Header>
      <AppShell.Navbar p="sm" visibleFrom="sm">
        {menu}
      </AppShell.Navbar>
      <AppShell.Main>
        {/* The page's one h1 for screen readers; each tab's visible title is its h2. */}
        <VisuallyHidden component="h1">QR Tee dashboard</VisuallyHidden>
        {notice}
        {profile.status === 'error' ? (
          <Alert color="red" title="Failed to load profile" mb="md">
            {profile.message}
          </Alert>
        ) : null}
        {search.view === 'dashboard' ? <DialogRequestContext value={requestDialog}>{tabs.dashboard}</DialogRequestContext> : null}
        {search.view === 'order' ? tabs.order : null}
        {search.view === 'profile' ? <ProfileTab db={db} profile={profile.profile} slots={profileSlots} /> : null}
        {search.view === 'purchases' ? tabs.purchases : null}
        <OwnerTabs current={search.view} placement="bottom" />
      </AppShell.Main>
      <DashboardDialogs
        modal={search.modal}
        itemId={search.id}
        requests={dialogRequests}
        shareableId={profile.profile?.shareableId ?? ''}
        slots={dialogSlots}
        onClose={closeModal}
      />
      {children}
    </AppShell>
  )
}
