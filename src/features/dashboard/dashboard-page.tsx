// Owns the dashboard frame (/dashboard): the app shell with header and side menu, the tab chosen by `view`,
// the dialog chosen by `modal`, and the profile that is reloaded on each tab change.
import { AppShell, Burger, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconQrcode } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../lib/anchor-link.tsx'
import { type DashboardDialogSlots, DashboardDialogs } from './dashboard-dialogs.tsx'
import { DashboardNav } from './dashboard-nav.tsx'
import type { DashboardSearch, DashboardView } from './dashboard-search.ts'
import { DashboardTab } from './dashboard-tab.tsx'
import { OrderTabPlaceholder, ProfileTabPlaceholder, PurchasesTabPlaceholder } from './other-tabs.tsx'
import { useLogout } from './use-logout.ts'
import { useProfileSummary } from './use-profile-summary.ts'

type Props = { search: DashboardSearch; headerActions?: ReactNode; dialogSlots?: DashboardDialogSlots }

export function DashboardPage({ search, headerActions, dialogSlots = {} }: Props) {
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false)
  const navigate = useNavigate({ from: '/dashboard' })
  const logout = useLogout()
  const profile = useProfileSummary(search.view)

  const selectView = (view: DashboardView) => {
    closeNav()
    void navigate({ search: { view } })
  }
  const openModal = (modal: 'qr' | 'new') => void navigate({ search: (prev) => ({ ...prev, modal, id: undefined }) })
  const closeModal = () => void navigate({ search: (prev) => ({ ...prev, modal: undefined, id: undefined }) })

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <AnchorLink to="/" fw={700} size="lg" underline="never" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <IconQrcode size={24} aria-hidden />
              QR Tee
            </AnchorLink>
          </Group>
          {headerActions}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <DashboardNav view={search.view} onSelect={selectView} onLogout={() => void logout()} />
      </AppShell.Navbar>
      <AppShell.Main>
        {search.view === 'dashboard' ? (
          <DashboardTab profile={profile} onAddItem={() => openModal('new')} onShowQr={() => openModal('qr')} />
        ) : null}
        {search.view === 'order' ? <OrderTabPlaceholder /> : null}
        {search.view === 'profile' ? <ProfileTabPlaceholder username={profile.profile?.username} /> : null}
        {search.view === 'purchases' ? <PurchasesTabPlaceholder /> : null}
      </AppShell.Main>
      <DashboardDialogs
        modal={search.modal}
        itemId={search.id}
        shareableId={profile.profile?.shareableId ?? ''}
        slots={dialogSlots}
        onClose={closeModal}
      />
    </AppShell>
  )
}
