// Purchase records (GET /api/purchase-records) and the visitor's purchase call (POST /api/public/profiles/{id}/purchases).
import * as v from 'valibot'
import { formatEuro } from '../lib/money.ts'
import { LIMITS } from './limits.ts'
import { noControlCharacters } from './text.ts'

export const PurchaseRecordSchema = v.object({
  id: v.string(),
  wishlistItemId: v.string(),
  purchasedAt: v.string(),
  priceAtPurchase: v.number(),
  /** The visitor's message after the purchase (decision 148); absent from servers and local rows before it existed. */
  visitorEmail: v.optional(v.nullable(v.string())),
  visitorMessage: v.optional(v.nullable(v.string())),
  /** When the owner put the gift back on the wishlist; such a record no longer counts as a purchase. */
  undoneAt: v.optional(v.nullable(v.string())),
})
export type PurchaseRecord = v.InferOutput<typeof PurchaseRecordSchema>

/** The gift as the visitor's page showed it on the confirmation sheet (decision 206). */
export const ShownItemSchema = v.object({
  name: v.pipe(v.string('Invalid item'), v.maxLength(LIMITS.productNameMax, 'Invalid item')),
  price: v.pipe(v.number('Invalid item'), v.finite('Invalid item')),
})
export type ShownItem = v.InferOutput<typeof ShownItemSchema>

export const VisitorPurchaseSchema = v.object({
  wishlistItemId: v.pipe(v.string('Invalid item'), v.uuid('Invalid item')),
  /**
   * What the visitor confirmed: the purchase happens only while the gift still has this name and price. Optional, so
   * a page from before it (kept by the service worker) buys as it did.
   */
  shown: v.optional(ShownItemSchema),
})
export type VisitorPurchase = v.InferOutput<typeof VisitorPurchaseSchema>

export const VisitorPurchaseResultSchema = v.object({
  /** The record's id: the buyer's key for sending the one message that goes with this purchase. */
  purchaseId: v.string(),
  wishlistItemId: v.string(),
  purchasedPrice: v.number(),
  purchasedAt: v.string(),
  /** Revealed only after the purchase; empty when the owner gave none. */
  contactInfo: v.string(),
})
export type VisitorPurchaseResult = v.InferOutput<typeof VisitorPurchaseResultSchema>

export const VISITOR_MESSAGE_MAX = 2000
export const MESSAGE_FIELDS_REQUIRED = 'Please fill in all fields'
/** Named once: the dialog marks the field a refusal of the server's is about (src/features/public-profile/message-checks.ts). */
export const VISITOR_MESSAGE_ERRORS = {
  emailMax: `Your email may have at most ${LIMITS.emailMax} characters.`,
  email: 'Please enter a valid email address.',
  messageMax: `A message may have at most ${VISITOR_MESSAGE_MAX} characters.`,
  // A visitor has never heard of NUL: what they need is to know the text must change, and that it is on their side.
  messageControl: 'Your message contains characters that cannot be sent. Please remove them.',
} as const

/** POST /api/public/profiles/{id}/purchases/{purchaseId}/message: the visitor's message, stored with the purchase. */
export const VisitorMessageSchema = v.object({
  // A missing field is as empty as a blank one: both get the spec's message.
  email: v.optional(v.pipe(
    v.string(MESSAGE_FIELDS_REQUIRED),
    v.trim(),
    v.nonEmpty(MESSAGE_FIELDS_REQUIRED),
    v.maxLength(LIMITS.emailMax, VISITOR_MESSAGE_ERRORS.emailMax),
    v.email(VISITOR_MESSAGE_ERRORS.email),
  ), ''),
  message: v.optional(v.pipe(
    v.string(MESSAGE_FIELDS_REQUIRED),
    v.trim(),
    v.nonEmpty(MESSAGE_FIELDS_REQUIRED),
    // Lines and tabs are the buyer's own, as in a description; NUL (a 500 before this rule) and the rest are not.
    noControlCharacters('Message', { multiLine: true, message: VISITOR_MESSAGE_ERRORS.messageControl }),
    v.maxLength(VISITOR_MESSAGE_MAX, VISITOR_MESSAGE_ERRORS.messageMax),
  ), ''),
})
export type VisitorMessage = v.InferOutput<typeof VisitorMessageSchema>

/** POST /api/wishlist-items/{itemId}/undo-purchase: the owner puts the gift back on the wishlist. */
export const UndoPurchaseSchema = v.object({
  purchaseId: v.pipe(v.string('Invalid purchase'), v.uuid('Invalid purchase')),
})

export const UploadResultSchema = v.object({ id: v.string(), url: v.string() })

/** The answers of a purchase call that names something missing or spent (the visitor's purchase, its message, an undo). */
export const PURCHASE_MESSAGES = {
  profileNotFound: 'Profile not found',
  itemNotFound: 'Wishlist item not found',
  alreadyPurchased: 'This item has already been purchased.',
  purchaseNotFound: 'Purchase not found',
  messageAlreadySent: 'A message was already sent with this purchase.',
  purchaseUndone: 'This gift is back on the wishlist, so your purchase no longer takes a message.',
  notWishlist: 'This profile no longer shows a wishlist, so nothing was bought.',
} as const

/** The gift's name or price is no longer what the visitor confirmed: what it is now, in the page's money. */
export function itemChangedMessage(now: ShownItem): string {
  return `This gift changed while you were looking: it is now '${now.name}' at ${formatEuro(now.price)}. Nothing was bought; check it and purchase again.`
}

/**
 * Beside the message of a refused purchase (`reason`), for the page to act on: the gift or the profile changed since
 * the page was loaded, so it reads the profile again (decision 206).
 */
export const PURCHASE_REFUSALS = { itemChanged: 'itemChanged', notWishlist: 'notWishlist' } as const
export type PurchaseRefusal = (typeof PURCHASE_REFUSALS)[keyof typeof PURCHASE_REFUSALS]
