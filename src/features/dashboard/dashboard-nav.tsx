// Owns the dashboard's side menu: Dashboard, Order, Profile, Purchases switch the `view` parameter; Logout signs out.
import { NavLink, Stack } from '@mantine/core'
import { IconHome, IconLogout, IconShirt, IconUser, IconReceipt } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { DashboardView } from './dashboard-search.ts'

const ITEMS: { view: DashboardView; label: string; icon: ReactNode }[] = [
  { view: 'dashboard', label: 'Dashboard', icon: <IconHome size={18} aria-hidden /> },
  { view: 'order', label: 'Order', icon: <IconShirt size={18} aria-hidden /> },
  { view: 'profile', label: 'Profile', icon: <IconUser size={18} aria-hidden /> },
  { view: 'purchases', label: 'Purchases', icon: <IconReceipt size={18} aria-hidden /> },
]

type Props = { view: DashboardView; onSelect: (view: DashboardView) => void; onLogout: () => void }

export function DashboardNav({ view, onSelect, onLogout }: Props) {
  return (
    <Stack component="nav" aria-label="Dashboard" gap={4} h="100%">
      {ITEMS.map((item) => (
        <NavLink
          key={item.view}
          component="button"
          type="button"
          label={item.label}
          leftSection={item.icon}
          active={item.view === view}
          aria-current={item.view === view ? 'page' : undefined}
          onClick={() => onSelect(item.view)}
        />
      ))}
      <NavLink
        component="button"
        type="button"
        label="Logout"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={onLogout}
        mt="auto"
      />
    </Stack>
  )
}
