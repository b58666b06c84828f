// Owns 'All transactions': date, item and price of every purchase, the buyer's message, and 'Back on the wishlist'
// (decision 148); a table from a tablet's width up, one stacked row per purchase on a phone; six placeholders while loading.
import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { formatEuro } from '../../lib/money.ts'
import type { TransactionRow } from './purchase-rows.ts'
import { UndoPurchaseButton } from './undo-purchase-button.tsx'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
/** Spec section 9: 6 placeholder rows while loading. */
const PLACEHOLDER_ROWS = 6
/** Mantine's `sm` breakpoint: below it the three columns left the price off a phone's screen (a sideways scroll). */
const TABLE_FROM = '(min-width: 48em)'

export type TransactionsTableProps = {
  rows: readonly TransactionRow[]
  loading: boolean
  onUndo?: (purchaseId: string) => Promise<void>
  /** 'All transactions' unless said; a line under it says what the list is when it is not that. */
  title?: string
  note?: string
}

const dateText = (row: TransactionRow) => (row.date ? DATE_FORMAT.format(row.date) : 'Unknown date')
const PRICE_STYLE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

export function TransactionsTable({ rows, loading, onUndo, title = 'All transactions', note }: TransactionsTableProps) {
  // Read before the first paint, so a phone never lays out the table first.
  const wide = useMediaQuery(TABLE_FROM, undefined, { getInitialValueInEffect: false })
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb={note ? 4 : 'sm'}>
        {title}
      </Title>
      {note && (
        <Text size="sm" c="dimmed" mb="sm">
          {note}
        </Text>
      )}
      {wide ? <WideTable rows={rows} loading={loading} onUndo={onUndo} /> : <PhoneRows rows={rows} loading={loading} onUndo={onUndo} />}
      {!loading && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          No purchases yet.
        </Text>
      )}
    </Paper>
  )
}

/** Plain React text: a stranger's message is never interpreted as HTML. */
function BuyerMessage({ message }: { message: NonNullable<TransactionRow['message']> }) {
  return (
    <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="purchase-message">
      <Text span inherit fw={600}>
        Message from {message.email}:
      </Text>{' '}
      {message.text}
    </Text>
  )
}

function WideTable({ rows, loading, onUndo }: TransactionsTableProps) {
  return (
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
                <Table.Td>{dateText(row)}</Table.Td>
                <Table.Td>
                  <Text inherit>
                    {row.itemName}
                  </Text>
                  {row.message && <BuyerMessage message={row.message} />}
                  {onUndo && row.canUndo && <UndoPurchaseButton purchaseId={row.id} itemName={row.itemName} onUndo={onUndo} />}
                </Table.Td>
                <Table.Td ta="right" style={PRICE_STYLE}>
                  {formatEuro(row.price)}
                </Table.Td>
              </Table.Tr>
            ))}
      </Table.Tbody>
    </Table>
  )
}

/** One stacked row per purchase: the name wraps, price and date share a line, the undo spans the row beneath. */
function PhoneRows({ rows, loading, onUndo }: TransactionsTableProps) {
  if (loading) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          <Stack key={index} gap={6} data-placeholder>
            <Skeleton height={12} width="70%" />
            <Skeleton height={12} width="40%" />
          </Stack>
        ))}
      </Stack>
    )
  }
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => (
        <li key={row.id} style={{ paddingBlock: 'var(--mantine-spacing-sm)', borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={600} style={{ minWidth: 0 }}>
              {row.itemName}
            </Text>
            <Text fw={600} style={PRICE_STYLE}>
              {formatEuro(row.price)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {dateText(row)}
          </Text>
          {row.message && <BuyerMessage message={row.message} />}
          {onUndo && row.canUndo && <UndoPurchaseButton purchaseId={row.id} itemName={row.itemName} onUndo={onUndo} fullWidth />}
        </li>
      ))}
    </Stack>
  )
}
