// Owns one gift on a visitor's wishlist: what it is, what it costs, and the Purchase / View actions.
import { AspectRatio, Badge, Button, Card, Center, Group, Image, Loader, Stack, Text, Title } from '@mantine/core'
import { IconExternalLink, IconPhoto } from '@tabler/icons-react'
import type { WishlistItem } from '../../contract/wishlist.ts'
import { formatEuro } from '../../lib/money.ts'
import { imageSrc, productHref } from './profile-view.ts'
import type { ItemPurchaseView } from './purchase-flow.ts'
import { BADGE_TEXT, SECONDARY_TEXT } from './text-colors.ts'

export type WishlistItemCardProps = {
  item: WishlistItem
  view: ItemPurchaseView
  onPurchase: (item: WishlistItem) => void
  /** 'high' for the first card (the page's largest paint on a phone), 'eager' for the rest of the first row. */
  imageLoading?: ImageLoading
}

export type ImageLoading = 'high' | 'eager' | 'lazy'

export function WishlistItemCard({ item, view, onPurchase, imageLoading = 'lazy' }: WishlistItemCardProps) {
  const image = imageSrc(item.imageUrl, window.location.protocol === 'https:')
  const link = productHref(item.productUrl)
  return (
    <Card withBorder radius="md" padding="md" h="100%" aria-busy={view.processing}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          {image ? (
            <Image
              src={image}
              alt={item.name}
              fit="cover"
              loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={imageLoading === 'high' ? 'high' : undefined}
            />
          ) : (
            <Center bg="var(--mantine-color-default-hover)" c={SECONDARY_TEXT}>
              <Stack align="center" gap={4}>
                <IconPhoto size={32} aria-hidden />
                <Text size="sm">No image</Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* h2 under the owner's h1: a skipped level breaks screen-reader heading navigation. */}
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          {view.purchased && (
            <Badge variant="light" color="green" c={BADGE_TEXT}>
              Purchased
            </Badge>
          )}
        </Group>
        {item.brand && (
          <Text size="sm" c={SECONDARY_TEXT}>
            {item.brand}
          </Text>
        )}
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
          {item.description}
        </Text>
        <Text fw={700} size="lg" mt="auto">
          {formatEuro(item.price)}
        </Text>
      </Stack>
      {view.processing && (
        <Group gap="xs" mt="sm" role="status">
          <Loader size="xs" />
          <Text size="sm">Processing payment...</Text>
        </Group>
      )}
      <Group mt="sm" gap="xs" grow>
        {link && (
          <Button component="a" href={link} target="_blank" rel="noopener noreferrer" variant="light" rightSection={<IconExternalLink size={16} aria-hidden />}>
            View
          </Button>
        )}
        {view.showPurchase && (
          <Button onClick={() => onPurchase(item)} disabled={view.purchaseDisabled}>
            Purchase
          </Button>
        )}
      </Group>
    </Card>
  )
}
