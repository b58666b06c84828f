// Owns one card of the owner's wishlist grid: picture, name, brand, price, what was paid, Edit and Delete.
import { Badge, Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core'
import { IconEdit, IconTrash } from '@tabler/icons-react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { ButtonLink } from '../../lib/anchor-link.tsx'
import { formatEuro } from '../../lib/money.ts'
import { useImagePreview } from './use-image-preview.ts'
import { isItemPurchased, paidAmount } from './wishlist-stats.ts'

type Props = { db: OwnerDatabase; item: LocalItem; onDelete: (item: LocalItem) => void }

export function WishlistCard({ db, item, onDelete }: Props) {
  const imageSrc = useImagePreview(db, item)
  const purchased = isItemPurchased(item)
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {imageSrc ? (
          <Image src={imageSrc} alt={item.name} h={180} fit="cover" />
        ) : (
          <Center h={180} bg="var(--mantine-color-default-hover)">
            <Text c="dimmed" size="sm">
              No image
            </Text>
          </Center>
        )}
      </Card.Section>
      <Stack gap={4} mt="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2}>
            {item.name}
          </Text>
          {purchased ? (
            <Badge color="green" variant="light">
              Purchased
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {item.brand}
        </Text>
        <Text fw={500}>
          {formatEuro(item.price)}
          {purchased ? (
            <Text span size="sm" c="dimmed" ml={6}>
              (paid {formatEuro(paidAmount(item))})
            </Text>
          ) : null}
        </Text>
      </Stack>
      <Group mt="md" gap="sm">
        <ButtonLink
          to="/dashboard"
          search={{ modal: 'edit', id: item.id }}
          variant="light"
          size="xs"
          leftSection={<IconEdit size={14} aria-hidden />}
          aria-label={`Edit ${item.name}`}
        >
          Edit
        </ButtonLink>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => onDelete(item)}
          aria-label={`Delete ${item.name}`}
        >
          Delete
        </Button>
      </Group>
    </Card>
  )
}
