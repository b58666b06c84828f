// Owns a wishlist profile as a visitor sees it: header with stats, the gift cards, and the purchase dialogs.
import { useState } from 'react'
import type { VisitorProfile } from './load-profile.ts'
import { MessageDialog } from './message-dialog.tsx'
import { ProfileHeader } from './profile-header.tsx'
import { contactActions, itemPurchaseView } from './purchase-flow.ts'
import { ThankYouModal } from './thank-you-modal.tsx'
import { usePurchase } from './use-purchase.ts'
import { type ImageLoading, WishlistItemCard } from './wishlist-item-card.tsx'

/**
 * The first photo is the page's largest paint on a phone: it loads at once, with high priority. The others are lazy,
 * so they do not take bandwidth from it (on a phone the first card fills the screen).
 */
function imageLoadingAt(index: number): ImageLoading {
  return index === 0 ? 'high' : 'lazy'
}

export function WishlistView({ profile, onOutdated }: { profile: VisitorProfile; onOutdated: () => void }) {
  const { state, purchase, closeThanks } = usePurchase(profile.shareableId, onOutdated)
  const [messageOpen, setMessageOpen] = useState(false)
  const views = profile.wishlist.map((item) => ({ item, view: itemPurchaseView(item, state) }))
  const stats = { items: views.length, purchased: views.filter(({ view }) => view.purchased).length }
  const thanks = state.step.phase === 'thanks' ? state.step : null
  const thankedItem = thanks ? profile.wishlist.find((item) => item.id === thanks.itemId) : undefined

  return (
    <div className="qv-stack">
      <ProfileHeader profile={profile} stats={stats} />
      {views.length === 0 ? (
        <p className="qv-empty qv-dim">No products in wishlist</p>
      ) : (
        <ul className="qv-grid" aria-label="Wishlist">
          {views.map(({ item, view }, index) => (
            <li key={item.id}>
              <WishlistItemCard item={item} view={view} onPurchase={purchase} imageLoading={imageLoadingAt(index)} />
            </li>
          ))}
        </ul>
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
    </div>
  )
}
