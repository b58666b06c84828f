// Owns the Dashboard tab's content (spec section 2): welcome banner, three stat cards and the wishlist grid,
// all read live from the local database, so they show at once and follow every local write and sync.
import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core'
import { IconPlus, IconQrcode } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { ButtonLink } from '../../lib/anchor-link.tsx'
import { useWishlist } from './use-wishlist.ts'
import { WishlistGrid } from './wishlist-grid.tsx'
import { WishlistStatCards } from './wishlist-stat-cards.tsx'
import { computeWishlistStats } from './wishlist-stats.ts'

/** `extraStat` goes beside the three stat cards and `belowStats` under them: other features' parts the route composes. */
export function WishlistTab({ db, extraStat, belowStats }: { db: OwnerDatabase; extraStat?: ReactNode; belowStats?: ReactNode }) {
  const state = useWishlist(db)
  const items = state.status === 'loaded' ? state.items : null
  const stats = useMemo(() => (items ? computeWishlistStats(items) : null), [items])
  const username = state.status === 'loaded' ? state.profile?.username : undefined

  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="center">
          {username ? <Title order={2}>Welcome back, {username}!</Title> : <Skeleton height={32} width={280} aria-label="Loading profile" />}
          <Group gap="sm">
            <ButtonLink to="/dashboard" search={(prev) => ({ ...prev, modal: 'new', id: undefined })} leftSection={<IconPlus size={18} aria-hidden />}>
              Add wishlist item
            </ButtonLink>
            <ButtonLink
              to="/dashboard"
              search={(prev) => ({ ...prev, modal: 'qr', id: undefined })}
              variant="light"
              leftSection={<IconQrcode size={18} aria-hidden />}
            >
              Show QR code
            </ButtonLink>
          </Group>
        </Group>
      </Paper>
      <WishlistStatCards stats={stats} extra={extraStat} />
      {belowStats}
      <WishlistGrid db={db} state={state} />
    </Stack>
  )
}
