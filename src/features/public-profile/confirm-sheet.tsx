// Owns the confirmation sheet a Purchase tap opens (decision 148): the gift and its price, before 'Processing payment...'.
import type { PublicWishlistItem } from '../../contract/profile.ts'
import { formatEuro } from '../../lib/money.ts'
import { Dialog } from './dialog.tsx'

export type ConfirmSheetProps = {
  item: PublicWishlistItem | null
  ownerName: string
  online: boolean
  onCancel: () => void
  onConfirm: (item: PublicWishlistItem) => void
}

export const CONFIRM_TITLE = 'Confirm your gift'

export function ConfirmSheet({ item, ownerName, online, onCancel, onConfirm }: ConfirmSheetProps) {
  return (
    <Dialog opened={item !== null} onClose={onCancel} title={CONFIRM_TITLE} sheet>
      {item && (
        <>
          <div className="qv-confirm-item">
            <p className="qv-text qv-confirm-name">{item.name}</p>
            {item.brand && <p className="qv-small qv-dim">{item.brand}</p>}
            <p className="qv-confirm-price">{formatEuro(item.price)}</p>
          </div>
          <p className="qv-small">
            This marks the gift as bought for {ownerName}. QR Tee does not take payments yet: no money is charged.
          </p>
          {!online && (
            <p className="qv-small qv-error" role="alert">
              You are offline. Purchasing needs a connection.
            </p>
          )}
          <div className="qv-end">
            <button type="button" className="qv-btn qv-btn-default" onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="qv-btn" disabled={!online} onClick={() => onConfirm(item)}>
              Purchase for {formatEuro(item.price)}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}
