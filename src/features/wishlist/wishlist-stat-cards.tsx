// Owns the three stat cards of the Dashboard tab: item count, purchased count, total paid.
// Light cards (decision 178): the markup and classes of Mantine's SimpleGrid, Paper and Text written as plain elements,
// as the wishlist cards are (decision 110): 13 fewer Mantine components and no per-render <style> of the grid.
import { Paper, Skeleton, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatEuro } from '../../lib/money.ts'
import classes from './wishlist-stat-cards.module.css'
import type { WishlistStats } from './wishlist-stats.ts'

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')
const CARD = cx(Paper.classes.root, 'mantine-Paper-root', classes.card)
const LABEL = cx('mantine-focus-auto', Text.classes.root, 'mantine-Text-root', classes.label)
const VALUE = cx('mantine-focus-auto', Text.classes.root, 'mantine-Text-root', classes.value)

/** `extra`: a card of another feature placed beside the three (the route composes it, e.g. 'Scans'). */
export function WishlistStatCards({ stats, extra }: { stats: WishlistStats | null; extra?: ReactNode }) {
  const cards = [
    { label: 'Wishlist items', value: stats ? String(stats.itemCount) : null },
    { label: 'Purchased', value: stats ? String(stats.purchasedCount) : null },
    { label: 'Total paid', value: stats ? formatEuro(stats.totalPaid) : null },
  ]
  return (
    <div className={extra ? classes.fourColumns : classes.threeColumns}>
      {cards.map((card) => (
        <div key={card.label} className={CARD} data-with-border="true">
          <p className={LABEL} data-size="sm">
            {card.label}
          </p>
          {card.value === null ? (
            <Skeleton height={30} mt={4} width="50%" />
          ) : (
            <p className={VALUE} aria-label={`${card.label}: ${card.value}`}>
              {card.value}
            </p>
          )}
        </div>
      ))}
      {extra}
    </div>
  )
}
