// Purchase records (GET /api/purchase-records) and the visitor's purchase call (POST /api/public/profiles/{id}/purchases).
import * as v from 'valibot'
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

export const VisitorPurchaseSchema = v.object({
  wishlistItemId: v.pipe(v.string('Invalid item'), v.uuid('Invalid item')),
})

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
} as const
