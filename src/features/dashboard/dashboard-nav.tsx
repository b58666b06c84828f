// Owns the dashboard's side menu: Dashboard, Order, Profile, Purchases switch the `view` parameter; Logout signs out.
// A light menu (decision 178): the markup and classes of Mantine's Stack and NavLink written as plain elements, as the
// wishlist cards are (decision 110): five NavLinks were 35 Mantine components in the dashboard's first render.
import { NavLink, Stack, UnstyledButton } from '@mantine/core'
import { IconHome, IconLogout, IconShirt, IconUser, IconReceipt } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import classes from './dashboard-nav.module.css'
import type { DashboardView } from './dashboard-search.ts'

const ITEMS: { view: DashboardView; label: string; icon: ReactNode }[] = [
  { view: 'dashboard', label: 'Dashboard', icon: <IconHome size={18} aria-hidden /> },
  { view: 'order', label: 'Order', icon: <IconShirt size={18} aria-hidden /> },
  { view: 'profile', label: 'Profile', icon: <IconUser size={18} aria-hidden /> },
  { view: 'purchases', label: 'Purchases', icon: <IconReceipt size={18} aria-hidden /> },
]

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')
const NAV = cx(Stack.classes.root, 'mantine-Stack-root', classes.nav)
const LINK = cx('mantine-focus-auto', NavLink.classes.root, 'mantine-NavLink-root', UnstyledButton.classes.root, 'mantine-UnstyledButton-root')
const SECTION = cx(NavLink.classes.section, 'mantine-NavLink-section')
const BODY = cx(NavLink.classes.body, 'mantine-NavLink-body')
const LABEL = cx(NavLink.classes.label, 'mantine-NavLink-label')
const DESCRIPTION = cx(NavLink.classes.description, 'mantine-NavLink-description')

/** One NavLink as Mantine draws it: the icon's section, the label in the body, an empty description. */
function navButton(label: string, icon: ReactNode, onClick: () => void, options: { active?: boolean; className?: string } = {}) {
  return (
    <button
      key={label}
      type="button"
      className={options.className ? cx(LINK, options.className) : LINK}
      data-active={options.active ? 'true' : undefined}
      aria-current={options.active ? 'page' : undefined}
      onClick={onClick}
    >
      <span className={SECTION} data-position="left">
        {icon}
      </span>
      <div className={BODY}>
        <span className={LABEL}>{label}</span>
        <span className={DESCRIPTION} />
      </div>
    </button>
  )
}

type Props = { view: DashboardView; onSelect: (view: DashboardView) => void; onLogout: () => void }

export function DashboardNav({ view, onSelect, onLogout }: Props) {
  return (
    <nav className={NAV} aria-label="Dashboard">
      {ITEMS.map((item) => navButton(item.label, item.icon, () => onSelect(item.view), { active: item.view === view }))}
      {navButton('Logout', <IconLogout size={18} aria-hidden />, onLogout, { className: classes.logout })}
    </nav>
  )
}
