// Owns a wishlist profile as a visitor sees it: header with stats, the gift cards, and the purchase dialogs.
import { Center, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { VisitorProfile } from './load-profile.ts'
import { MessageDialog } from './message-dialog.tsx'
import { ProfileHeader } from './profile-header.tsx'
import { contactActions, itemPurchaseView } from './purchase-flow.ts'
import { ThankYouModal } from './thank-you-modal.tsx'
import { usePurchase } from './use-purchase.ts'
import { type ImageLoading, WishlistItemCard } from './wishlist-item-card.tsx'
import { SECONDARY_TEXT } from './text-colors.ts'

/**
 * Lazy images wait for layout, which delayed the first photo (the largest paint on a phone) by over a second in
 * Lighthouse; the first row (3 cards on wide screens) loads at once, the first card with high priority.
 */
function imageLoadingAt(index: number): ImageLoading {
  if (index === 0) return 'high'
  return index < 3 ? 'eager' : 'lazy'
}

export function WishlistView({ profile, onOutdated }: { profile: VisitorProfile; onOutdated: () => void }) {
  const { state, purchase, closeThanks } = usePurchase(profile.shareableId, onOutdated)
  const [messageOpen, setMessageOpen] = useState(false)
  const views = profile.wishlist.map((item) => ({ item, view: itemPurchaseView(item, state) }))
  const stats = { items: views.length, purchased: views.filter(({ view }) => view.purchased).length }
  const thanks = state.step.phase === 'thanks' ? state.step : null
  const thankedItem = thanks ? profile.wishlist.find((item) => item.id === thanks.itemId) : undefined

  return (
    <Stack gap="xl">
      <ProfileHeader profile={profile} stats={stats} />
      {views.length === 0 ? (
        <Center py="xl">
          <Text c={SECONDARY_TEXT} size="lg">
            No products in wishlist
          </Text>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {views.map(({ item, view }, index) => (
            <WishlistItemCard key={item.id} item={item} view={view} onPurchase={purchase} imageLoading={imageLoadingAt(index)} />
          ))}
        </SimpleGrid>
      )}
      <ThankYouModal
        opened={thanks !== null}
        onClose={closeThanks}
        ownerName={profile.username}
        itemName={thankedItem?.name ?? null}
        paid={thanks ? (state.bought[thanks.itemId] ?? null) : null}
        contact={contactActions(thanks?.contactInfo ?? '')}
        onSendMessage={() => {
          closeThanks()
          setMessageOpen(true)
        }}
      />
      <MessageDialog opened={messageOpen} onClose={() => setMessageOpen(false)} ownerName={profile.username} />
    </Stack>
  )
}
