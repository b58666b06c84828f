// Owns the 'All transactions' table: date, item and price of every purchase, the buyer's message, and 'Back on the
// wishlist' (decision 148); six placeholder rows while loading.
import { Button, Group, Paper, ScrollArea, Skeleton, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { formatEuro } from '../../lib/money.ts'
import type { TransactionRow } from './purchase-rows.ts'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
/** Spec section 9: 6 placeholder rows while loading. */
const PLACEHOLDER_ROWS = 6

export const UNDO_LABEL = 'Back on the wishlist'

export type TransactionsTableProps = { rows: readonly TransactionRow[]; loading: boolean; onUndo?: (purchaseId: string) => Promise<void> }

export function TransactionsTable({ rows, loading, onUndo }: TransactionsTableProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        All transactions
      </Title>
      <ScrollArea>
        <Table striped highlightOnHover aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
                  <Table.Tr key={index} data-placeholder>
                    {[140, 180, 60].map((width) => (
                      <Table.Td key={width}>
                        <Skeleton height={12} width={width} ml={width === 60 ? 'auto' : undefined} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.date ? DATE_FORMAT.format(row.date) : 'Unknown date'}</Table.Td>
                    <Table.Td>
                      <Text inherit>{row.itemName}</Text>
                      {row.message && (
                        // Plain React text: a stranger's message is never interpreted as HTML.
                        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="purchase-message">
                          <Text span inherit fw={600}>
                            Message from {row.message.email}:
                          </Text>{' '}
                          {row.message.text}
                        </Text>
                      )}
                      {onUndo && <UndoButton purchaseId={row.id} itemName={row.itemName} onUndo={onUndo} />}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatEuro(row.price)}
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!loading && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          No purchases yet.
        </Text>
      )}
    </Paper>
  )
}

/** Two taps: the first asks, so a slip of the thumb never puts a real gift back on sale. */
function UndoButton({ purchaseId, itemName, onUndo }: { purchaseId: string; itemName: string; onUndo: (purchaseId: string) => Promise<void> }) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!asking) {
    return (
      <Button variant="subtle" size="compact-sm" mt={4} px={0} onClick={() => setAsking(true)}>
        {UNDO_LABEL}
      </Button>
    )
  }
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <Text size="sm">Was this not a real purchase? {itemName} can then be bought again.</Text>
      <Button
        size="compact-sm"
        color="red"
        loading={busy}
        onClick={async () => {
          setBusy(true)
          try {
            await onUndo(purchaseId)
            notifications.show({ color: 'green', title: UNDO_LABEL, message: `${itemName} can be bought again.` })
          } catch (error) {
            setBusy(false)
            notifications.show({ color: 'red', title: 'Error', message: error instanceof Error ? error.message : 'Failed to undo the purchase' })
          }
        }}
      >
        {UNDO_LABEL}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setAsking(false)} disabled={busy}>
        Keep it
      </Button>
    </Group>
  )
}
