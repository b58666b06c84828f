// Owns a wishlist profile as a visitor sees it: header with stats, the gift cards (open ones first), and the purchase
// dialogs: confirmation, thank-you and the message to the owner.
import { useEffect, useId, useState } from 'react'
import { ConfirmSheet } from './confirm-sheet.tsx'
import type { VisitorProfile } from './load-profile.ts'
import { MessageDialog } from './message-dialog.tsx'
import { useOnline } from './page-context.ts'
import { ProfileHeader } from './profile-header.tsx'
import { contactActions, itemPurchaseView, OFFLINE_PURCHASE_REASON, openGiftsFirst } from './purchase-flow.ts'
import { takePurchaseTap } from './purchase-replay.ts'
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
  const { state, ask, cancel, purchase, closeThanks } = usePurchase(profile.shareableId, onOutdated)
  const online = useOnline()
  const offlineReasonId = useId()
  const [messagePurchaseId, setMessagePurchaseId] = useState<string | null>(null)
  // Ordered by the server's purchase state only, so a gift bought in this visit stays where the visitor saw it.
  const views = openGiftsFirst(profile.wishlist).map((item) => ({ item, view: itemPurchaseView(item, state, online) }))
  const stats = { items: views.length, purchased: views.filter(({ view }) => view.purchased).length }
  const thanks = state.step.phase === 'thanks' ? state.step : null
  const thankedItem = thanks ? profile.wishlist.find((item) => item.id === thanks.itemId) : undefined
  const confirming = state.step.phase === 'confirming' ? state.step : null
  const confirmItem = confirming ? (profile.wishlist.find((item) => item.id === confirming.itemId) ?? null) : null
  const anyOpen = views.some(({ view }) => view.showPurchase)
  useEffect(() => {
    // The tap that loaded this code (before React ran the page) opens its sheet now.
    const itemId = takePurchaseTap()
    const item = itemId === null ? undefined : profile.wishlist.find((gift) => gift.id === itemId)
    if (item) ask(item)
  }, [profile.wishlist, ask])

  return (
    <div className="qv-stack">
      <ProfileHeader profile={profile} stats={stats} />
      {!online && anyOpen && (
        <p id={offlineReasonId} className="qv-alert qv-alert-warn qv-offline-reason" role="status">
          {OFFLINE_PURCHASE_REASON}
        </p>
      )}
      {views.length === 0 ? (
        <p className="qv-empty qv-dim">No products in wishlist</p>
      ) : (
        <ul className="qv-grid" aria-label="Wishlist">
          {views.map(({ item, view }, index) => (
            <li key={item.id}>
              <WishlistItemCard
                item={item}
                view={view}
                onPurchase={ask}
                imageLoading={imageLoadingAt(index)}
                purchaseDescribedBy={online ? undefined : offlineReasonId}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmSheet item={confirmItem} ownerName={profile.username} online={online} onCancel={cancel} onConfirm={purchase} />
      <ThankYouModal
        opened={thanks !== null}
        onClose={closeThanks}
        ownerName={profile.username}
        itemName={thankedItem?.name ?? null}
        paid={thanks ? (state.bought[thanks.itemId] ?? null) : null}
        contact={contactActions(thanks?.contactInfo ?? '')}
        onSendMessage={() => {
          const purchaseId = thanks?.purchaseId ?? null
          closeThanks()
          setMessagePurchaseId(purchaseId)
        }}
      />
      <MessageDialog
        purchaseId={messagePurchaseId}
        shareableId={profile.shareableId}
        onClose={() => setMessagePurchaseId(null)}
        ownerName={profile.username}
      />
    </div>
  )
}
