// Owns the Dashboard tab's content (spec section 2): welcome banner, three stat cards and the wishlist grid,
// all read live from the local database, so they show at once and follow every local write and sync.
import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { isValidElement, memo, useMemo, useRef, type ReactNode } from 'react'
import { greeting, takeNewAccount } from '../../lib/new-account.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { ButtonLink } from '../../ui/anchor-link.tsx'
import { ShowQrCodeLink } from '../../ui/show-qr-link.tsx'
import { useWishlist } from './use-wishlist.ts'
import { WishlistGrid } from './wishlist-grid.tsx'
import { WishlistStatCards } from './wishlist-stat-cards.tsx'
import { computeWishlistStats } from './wishlist-stats.ts'

type Props = { db: OwnerDatabase; extraStat?: ReactNode; belowStats?: ReactNode }

/** `extraStat` goes beside the three stat cards and `belowStats` under them: other features' parts the route composes. */
function WishlistTabView({ db, extraStat, belowStats }: Props) {
  const state = useWishlist(db)
  const items = state.status === 'loaded' ? state.items : null
  const stats = useMemo(() => (items ? computeWishlistStats(items) : null), [items])
  const username = state.status === 'loaded' ? state.profile?.username : undefined
  // Decided once per visit: a brand-new account is greeted 'Welcome', every later visit 'Welcome back'.
  const newAccount = useRef<boolean | undefined>(undefined)

  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="center">
          {username ? <Title order={2}>{greeting(username, newAccount.current ??= takeNewAccount(username))}</Title> : <Skeleton height={32} width={280} aria-label="Loading profile" />}
          <Group gap="sm">
            <ButtonLink to="/dashboard" search={(prev) => ({ ...prev, modal: 'new', id: undefined })} resetScroll={false} leftSection={<IconPlus size={18} aria-hidden />} data-add-item>
              Add wishlist item
            </ButtonLink>
            <ShowQrCodeLink />
          </Group>
        </Group>
      </Paper>
      <WishlistStatCards stats={stats} extra={extraStat} />
      {belowStats}
      <WishlistGrid db={db} state={state} />
    </Stack>
  )
}

/** The same component with the same props: the route makes new elements on every render, which alone change nothing. */
function sameElement(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true
  if (!isValidElement<Record<string, unknown>>(a) || !isValidElement<Record<string, unknown>>(b) || a.type !== b.type || a.key !== b.key) return false
  const keys = Object.keys(a.props)
  return keys.length === Object.keys(b.props).length && keys.every((key) => Object.is(a.props[key], b.props[key]))
}

/** Opening a dialog changes the address and re-renders the route; the tab (decision 110) renders again only for its own data. */
export const WishlistTab = memo(
  WishlistTabView,
  (before: Props, after: Props) => before.db === after.db && sameElement(before.extraStat, after.extraStat) && sameElement(before.belowStats, after.belowStats),
)
