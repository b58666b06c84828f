// Owns the attributes by which the plain page code (static-page.ts) finds the server-rendered controls it runs before
// React loads; the React components render them, so the server's HTML and a client render both carry them.

/** On the Purchase button: the wishlist item it buys. */
export const PURCHASE_ITEM_ATTRIBUTE = 'data-purchase-item'
/** On a gift's card: the wishlist item it shows (the plain page adds 'Send a message' to the buyer's own). */
export const CARD_ITEM_ATTRIBUTE = 'data-item'
/** On 'Send a message' of a card: the item whose purchase from this browser still waits for its message. */
export const MESSAGE_ITEM_ATTRIBUTE = 'data-message-item'
/** On the Share button: the title the share sheet gets (the owner's name). */
export const SHARE_TITLE_ATTRIBUTE = 'data-share-title'
/** On a clamped paragraph that 'More' opened before React: React's ExpandableText starts open from it. */
export const OPENED_ATTRIBUTE = 'data-open'
