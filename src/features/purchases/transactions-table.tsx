// Owns the 'All transactions' table: date, item and price of every purchase, six placeholder rows while loading.
import { Paper, ScrollArea, Skeleton, Table, Text, Title } from '@mantine/core'
import { formatEuro } from '../../lib/money.ts'
import type { TransactionRow } from './purchase-rows.ts'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
/** Spec section 9: 6 placeholder rows while loading. */
const PLACEHOLDER_ROWS = 6

export function TransactionsTable({ rows, loading }: { rows: readonly TransactionRow[]; loading: boolean }) {
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
                    <Table.Td>{row.itemName}</Table.Td>
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
