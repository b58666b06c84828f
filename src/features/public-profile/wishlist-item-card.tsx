// Owns one gift on a visitor's wishlist: what it is, what it costs, and the Purchase / View actions.
import { IconExternalLink, IconPhoto } from '@tabler/icons-react'
import type { PublicWishlistItem } from '../../contract/profile.ts'
import { formatEuro } from '../../lib/money.ts'
import { CARD_ITEM_ATTRIBUTE, MESSAGE_ITEM_ATTRIBUTE, PURCHASE_ITEM_ATTRIBUTE } from './dom-hooks.ts'
import { ExpandableText } from './expandable-text.tsx'
import { useHydrated, useSecurePage } from './page-context.ts'
import { imageSrc, productHref, uploadSrcSet } from './profile-view.ts'
import type { ItemPurchaseView } from './purchase-flow.ts'

export type ImageLoading = 'high' | 'lazy'

/** A card's width in the grid of public-profile.css: 3 columns from 992 px, 2 from 576 px, else the page width. */
const CARD_IMAGE_SIZES = '(min-width: 992px) 356px, (min-width: 576px) calc(50vw - 26px), calc(100vw - 34px)'

export type WishlistItemCardProps = {
  item: PublicWishlistItem
  view: ItemPurchaseView
  onPurchase: (item: PublicWishlistItem) => void
  /** 'high' for the first card (the page's largest paint on a phone), 'lazy' for the rest. */
  imageLoading?: ImageLoading
  /** The id of the text saying why Purchase is disabled (offline). */
  purchaseDescribedBy?: string
  /** This browser bought it and its message is not sent yet: 'Send a message' opens the message dialog. */
  onSendMessage?: () => void
}

export function WishlistItemCard({ item, view, onPurchase, imageLoading = 'lazy', purchaseDescribedBy, onSendMessage }: WishlistItemCardProps) {
  const image = imageSrc(item.imageUrl, useSecurePage())
  const srcSet = uploadSrcSet(image)
  const link = productHref(item.productUrl)
  const hydrated = useHydrated()
  return (
    <article className="qv-card" aria-busy={view.processing} {...{ [CARD_ITEM_ATTRIBUTE]: item.id }}>
      <div className="qv-media qv-dim">
        {image ? (
          <img
            src={image}
            srcSet={srcSet ?? undefined}
            sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
            alt={item.name}
            width={512}
            height={384}
            loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={imageLoading === 'high' ? 'high' : undefined}
            decoding={imageLoading === 'lazy' ? 'async' : undefined}
          />
        ) : (
          <>
            <IconPhoto size={32} aria-hidden />
            <span>No image</span>
          </>
        )}
      </div>
      <div className="qv-card-body">
        <div className="qv-card-title">
          {/* h2 under the owner's h1: a skipped level breaks screen-reader heading navigation. */}
          <h2>{item.name}</h2>
          {view.purchased && <span className="qv-badge qv-badge-green">Purchased</span>}
        </div>
        {item.brand && <p className="qv-small qv-dim">{item.brand}</p>}
        {item.description && <ExpandableText text={item.description} className="qv-small qv-item-text" maxChars={140} maxBreaks={3} />}
        <p className="qv-price">{formatEuro(item.price)}</p>
      </div>
      {view.processing && (
        <div className="qv-processing" role="status">
          <span className="qv-spinner" aria-hidden />
          Processing payment...
        </div>
      )}
      <div className="qv-actions">
        {link && (
          <a className="qv-btn qv-btn-light" href={link} target="_blank" rel="noopener noreferrer nofollow">
            View
            <IconExternalLink size={16} aria-hidden />
          </a>
        )}
        {onSendMessage && (
          <button type="button" className="qv-btn qv-btn-light" {...{ [MESSAGE_ITEM_ATTRIBUTE]: item.id }} onClick={onSendMessage}>
            Send a message
          </button>
        )}
        {view.showPurchase && (
          <button
            type="button"
            className="qv-btn"
            {...{ [PURCHASE_ITEM_ATTRIBUTE]: item.id }}
            onClick={() => onPurchase(item)}
            disabled={view.purchaseDisabled || !hydrated}
            aria-describedby={purchaseDescribedBy}
          >
            Purchase
          </button>
        )}
      </div>
    </article>
  )
}
