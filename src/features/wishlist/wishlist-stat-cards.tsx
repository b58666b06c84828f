// Owns the three stat cards of the Dashboard tab: item count, purchased count, total paid.
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatEuro } from '../../lib/money.ts'
import type { WishlistStats } from './wishlist-stats.ts'

/** `extra`: a card of another feature placed beside the three (the route composes it, e.g. 'Scans'). */
export function WishlistStatCards({ stats, extra }: { stats: WishlistStats | null; extra?: ReactNode }) {
  const cards = [
    { label: 'Wishlist items', value: stats ? String(stats.itemCount) : null },
    { label: 'Purchased', value: stats ? String(stats.purchasedCount) : null },
    { label: 'Total paid', value: stats ? formatEuro(stats.totalPaid) : null },
  ]
  return (
    <SimpleGrid cols={extra ? { base: 1, xs: 2, md: 4 } : { base: 1, sm: 3 }}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value === null ? (
            <Skeleton height={30} mt={4} width="50%" />
          ) : (
            <Text fz={28} fw={700} aria-label={`${card.label}: ${card.value}`}>
              {card.value}
            </Text>
          )}
        </Paper>
      ))}
      {extra}
    </SimpleGrid>
  )
}
