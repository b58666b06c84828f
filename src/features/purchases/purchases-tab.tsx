// Owns the dashboard's Purchases tab: summary, filter and grouping, totals chart and the transactions table.
// Props-driven: the owner app feeds it from its local database, so the tab works the same offline.
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { PurchaseRecord } from '../../contract/purchase.ts'
import type { WishlistItem } from '../../contract/wishlist.ts'
import { filterPurchases, filterRange, groupTotals, summarize } from '../../lib/date-buckets.ts'
import { formatEuro } from '../../lib/money.ts'
import { PurchaseChart } from './purchase-chart.tsx'
import { PurchaseFilterPanel } from './purchase-filter-panel.tsx'
import { defaultControls, filterLabel, filterOf, GROUPING_OPTIONS, livePurchases, transactionRows, undoneWithMessages, yearChoices } from './purchase-rows.ts'
import { TransactionsTable } from './transactions-table.tsx'

export type PurchasesTabProps = {
  purchases: readonly PurchaseRecord[]
  items: readonly WishlistItem[]
  loading: boolean
  /** Any truthy value shows 'Failed to load purchases' (with the text when it says more). */
  error?: string | null
  /** The clock for 'Today', 'This week' and the default month; tests pin it. */
  now?: Date
  /** 'Back on the wishlist' (decision 148); without it the rows offer no undo. */
  onUndo?: (purchaseId: string) => Promise<void>
}

export function PurchasesTab({ purchases: allPurchases, items, loading, error, now: fixedNow, onUndo }: PurchasesTabProps) {
  // One clock reading per mount keeps the default month and 'Today' consistent across renders.
  const [mountedAt] = useState(() => new Date())
  const now = fixedNow ?? mountedAt
  const [controls, setControls] = useState(() => defaultControls(now))

  const purchases = useMemo(() => livePurchases(allPurchases), [allPurchases])
  const undone = useMemo(() => undoneWithMessages(allPurchases, items), [allPurchases, items])
  const view = useMemo(() => {
    const filter = filterOf(controls)
    const selected = filterPurchases(purchases, filter, now)
    return {
      label: filterLabel(filter),
      summary: summarize(selected),
      groups: groupTotals(selected, controls.grouping, filterRange(filter, now)),
      years: yearChoices(purchases, now, controls.year),
      rows: transactionRows(purchases, items),
    }
  }, [controls, purchases, items, now])

  if (error) {
    return (
      <Alert color="red" title="Failed to load purchases" icon={<IconAlertCircle aria-hidden />} role="alert">
        {error !== 'Failed to load purchases' ? error : null}
      </Alert>
    )
  }

  const groupingLabel = GROUPING_OPTIONS.find((option) => option.value === controls.grouping)?.label ?? ''
  return (
    <Stack gap="lg">
      <Title order={2}>Purchases</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md" aria-live="polite">
          <Text size="sm" c="dimmed">
            Purchases · {view.label}
          </Text>
          {loading ? (
            <Skeleton height={36} width={180} mt="xs" />
          ) : (
            <Group align="baseline" gap="lg" mt={4}>
              <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatEuro(view.summary.total)}
              </Text>
              <Text c="dimmed">
                {view.summary.count} {view.summary.count === 1 ? 'purchase' : 'purchases'}
              </Text>
            </Group>
          )}
        </Paper>
        <PurchaseFilterPanel controls={controls} years={view.years} onChange={setControls} />
      </SimpleGrid>
      {!loading && <PurchaseChart groups={view.groups} title={`Totals by ${groupingLabel.toLowerCase()} · ${view.label}`} />}
      <TransactionsTable rows={view.rows} loading={loading} onUndo={onUndo} />
      {!loading && undone.length > 0 && (
        <TransactionsTable rows={undone} loading={false} title="Put back on the wishlist" note="Not counted above; their buyers' messages stay here." />
      )}
    </Stack>
  )
}
