// Owns the owner's way home: the four dashboard tabs as links, a bottom bar on phones and a row in the header from
// tablets up, on every owner screen (issue 23). Links rather than buttons: /profile/edit and /products/* reach the
// dashboard's tabs too, and a long press opens one in a new tab.
import { IconHome, IconReceipt, IconShirt, IconUser } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { DashboardView } from './dashboard-search.ts'
import classes from './owner-tabs.module.css'

const TABS: { view: DashboardView; label: string; icon: (size: number) => ReactNode }[] = [
  { view: 'dashboard', label: 'Wishlist', icon: (size) => <IconHome size={size} aria-hidden /> },
  { view: 'order', label: 'Order', icon: (size) => <IconShirt size={size} aria-hidden /> },
  { view: 'purchases', label: 'Purchases', icon: (size) => <IconReceipt size={size} aria-hidden /> },
  { view: 'profile', label: 'Profile', icon: (size) => <IconUser size={size} aria-hidden /> },
]

type Props = {
  /** The tab this screen belongs to (/profile/edit: profile; /products/*: dashboard). */
  current: DashboardView
  placement: 'bottom' | 'top'
  /** Called before the link navigates, e.g. to sync on each tab change. */
  onSelect?: (view: DashboardView) => void
}

export function OwnerTabs({ current, placement, onSelect }: Props) {
  return (
    <>
      <nav aria-label={placement === 'bottom' ? 'Tabs' : 'Sections'} className={placement === 'bottom' ? classes.bottom : classes.top}>
        {TABS.map((tab) => (
          <Link
            key={tab.view}
            to="/dashboard"
            search={{ view: tab.view }}
            className={classes.tab}
            aria-current={tab.view === current ? 'page' : undefined}
            onClick={() => onSelect?.(tab.view)}
          >
            {tab.icon(placement === 'bottom' ? 22 : 18)}
            {tab.label}
          </Link>
        ))}
      </nav>
      {placement === 'bottom' ? <div className={classes.spacer} aria-hidden /> : null}
    </>
  )
}
