// Owns a wishlist profile as a visitor sees it: header with stats, the gift cards (open ones first), and the purchase
// dialogs: confirmation, thank-you and the message to the owner, which a card offers until it was sent.
import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import { ConfirmSheet } from './confirm-sheet.tsx'
import { CARD_ITEM_ATTRIBUTE, MESSAGE_ITEM_ATTRIBUTE } from './dom-hooks.ts'
import type { VisitorProfile } from './load-profile.ts'
import { MessageDialog } from './message-dialog.tsx'
import { useOnline } from './page-context.ts'
import { ProfileHeader } from './profile-header.tsx'
import { contactActions, itemPurchaseView, OFFLINE_PURCHASE_REASON, openGiftsFirst } from './purchase-flow.ts'
import { takeTap } from './purchase-replay.ts'
import { awaitingMessages, NO_REMEMBERED, subscribeRemembered } from './remembered-purchases.ts'
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

/**
 * After a dialog of a card closes, the control it came from may be gone (Purchase, or 'Send a message' once sent): the
 * focus goes to the card's 'Send a message', else its heading, never to the page's <body>.
 */
function focusCard(itemId: string): void {
  const card = document.querySelector(`[${CARD_ITEM_ATTRIBUTE}="${CSS.escape(itemId)}"]`)
  const target = card?.querySelector<HTMLElement>(`[${MESSAGE_ITEM_ATTRIBUTE}]`) ?? card?.querySelector<HTMLElement>('h2')
  if (target?.tagName === 'H2') target.tabIndex = -1
  target?.focus()
}

export function WishlistView({ profile, onOutdated }: { profile: VisitorProfile; onOutdated: () => void }) {
  const { state, ask, cancel, purchase, closeThanks, endThanksToast } = usePurchase(profile.shareableId, onOutdated)
  const online = useOnline()
  const offlineReasonId = useId()
  const [message, setMessage] = useState<{ purchaseId: string; itemId: string } | null>(null)
  const [focusItem, setFocusItem] = useState<string | null>(null)
  // Empty while hydrating (the server knows nothing of this browser), then this browser's purchases.
  const awaiting = useSyncExternalStore(subscribeRemembered, () => awaitingMessages(profile.shareableId), () => NO_REMEMBERED)
  // Ordered by the server's purchase state only, so a gift bought in this visit stays where the visitor saw it.
  const views = openGiftsFirst(profile.wishlist).map((item) => ({ item, view: itemPurchaseView(item, state, online) }))
  const stats = { items: views.length, purchased: views.filter(({ view }) => view.purchased).length }
  const thanks = state.step.phase === 'thanks' ? state.step : null
  const thankedItem = thanks ? profile.wishlist.find((item) => item.id === thanks.itemId) : undefined
  const confirming = state.step.phase === 'confirming' ? state.step : null
  const confirmItem = confirming ? (profile.wishlist.find((item) => item.id === confirming.itemId) ?? null) : null
  const anyOpen = views.some(({ view }) => view.showPurchase)
  useEffect(() => {
    // The tap that loaded this code (before React ran the page) opens its sheet, or its message after a reload, now.
    const tap = takeTap()
    if (tap?.kind === 'purchase') {
      const item = profile.wishlist.find((gift) => gift.id === tap.itemId)
      if (item) ask(item)
    }
    const purchaseId = tap?.kind === 'message' ? awaitingMessages(profile.shareableId)[tap.itemId] : undefined
    if (tap && purchaseId) setMessage({ purchaseId, itemId: tap.itemId })
  }, [profile.wishlist, profile.shareableId, ask])
  useEffect(() => {
    if (focusItem === null) return
    setFocusItem(null)
    focusCard(focusItem)
  }, [focusItem])
  const closeThanksToCard = () => {
    if (thanks) setFocusItem(thanks.itemId)
    closeThanks()
  }

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
                onSendMessage={view.purchased && awaiting[item.id] ? () => setMessage({ purchaseId: awaiting[item.id] ?? '', itemId: item.id }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmSheet item={confirmItem} ownerName={profile.username} online={online} onCancel={cancel} onConfirm={purchase} />
      <ThankYouModal
        opened={thanks !== null}
        onClose={closeThanksToCard}
        ownerName={profile.username}
        itemName={thankedItem?.name ?? null}
        paid={thanks ? (state.bought[thanks.itemId] ?? null) : null}
        contact={contactActions(thanks?.contactInfo ?? '')}
        onSendMessage={() => {
          if (!thanks) return
          closeThanks()
          endThanksToast()
          setMessage({ purchaseId: thanks.purchaseId, itemId: thanks.itemId })
        }}
      />
      <MessageDialog
        key={message?.purchaseId ?? ''}
        purchaseId={message?.purchaseId ?? null}
        shareableId={profile.shareableId}
        onClose={() => {
          if (message) setFocusItem(message.itemId)
          setMessage(null)
        }}
        ownerName={profile.username}
      />
    </div>
  )
}
