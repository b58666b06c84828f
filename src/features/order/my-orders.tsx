// Owns 'My orders': the owner's print orders from the local database (synced like purchases, so they show offline)
// with status, costs and, once shipped, a tracking link.
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { Order } from '../../contract/order.ts'
import { formatCents } from '../../lib/cents.ts'

const STATUS_COLOURS: Record<string, string> = {
  draft: 'gray',
  pending: 'blue',
  inprocess: 'blue',
  onhold: 'yellow',
  partial: 'teal',
  fulfilled: 'green',
  shipped: 'green',
  failed: 'red',
  canceled: 'red',
}

const STATUS_TEXTS: Record<string, string> = { inprocess: 'in production', onhold: 'on hold', partial: 'partly shipped', canceled: 'canceled' }

export function MyOrders({ orders }: { orders: Order[] }) {
  return (
    <Stack gap="sm">
      <Title order={3}>My orders</Title>
      {orders.length === 0 ? (
        <Text c="dimmed">No orders yet.</Text>
      ) : (
        orders.map((order) => <OrderCard key={order.id} order={order} />)
      )}
    </Stack>
  )
}

function OrderCard({ order }: { order: Order }) {
  const money = (cents: number) => formatCents(cents, order.currency)
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={`Order of ${new Date(order.createdAt).toLocaleDateString()}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          {order.lines.map((line) => (
            <Text key={`${line.variantId}`} fw={600}>
              {line.productName} · {line.size} × {line.quantity}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {new Date(order.createdAt).toLocaleString()} · to {order.recipient.name}, {order.recipient.city} ({order.recipient.country_code})
          </Text>
          {order.provider === 'demo' ? (
            <Text size="sm" c="dimmed">
              Demo order: not sent to a printer.
            </Text>
          ) : null}
        </Stack>
        <Badge color={STATUS_COLOURS[order.status] ?? 'gray'} aria-label={`Status: ${order.status}`}>
          {STATUS_TEXTS[order.status] ?? order.status}
        </Badge>
      </Group>
      <Group gap="lg" mt="sm">
        <Text size="sm">Subtotal {money(order.subtotalCents)}</Text>
        <Text size="sm">Shipping {money(order.shippingCents)}</Text>
        <Text size="sm" fw={600}>
          Total {money(order.totalCents)}
        </Text>
      </Group>
      {order.trackingUrl ? (
        <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm" mt="xs">
          Track package{order.carrier ? ` (${order.carrier}${order.trackingNumber ? ` ${order.trackingNumber}` : ''})` : ''}
        </Anchor>
      ) : null}
    </Card>
  )
}
