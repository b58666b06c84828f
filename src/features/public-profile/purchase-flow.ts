// Owns the visitor's simulated purchase as a pure state machine (spec section 4), and what each failure tells them.
import type { VisitorPurchaseResult } from '../../contract/purchase.ts'

/** Spec section 9: 'Processing payment...' for 1.5 s, then 2 s more before the purchase is recorded. */
export const PAYMENT_DELAYS_MS = [1500, 2000] as const
/** Shown when the owner gave no contact info, so the thank-you modal still has its email button. */
export const PLACEHOLDER_CONTACT = 'owner@qrtee.example'

export type PurchaseStep =
  | { phase: 'idle' }
  | { phase: 'processing'; itemId: string }
  | { phase: 'thanks'; itemId: string; contactInfo: string }

export type PurchaseState = {
  step: PurchaseStep
  /** Items this visitor bought in this visit, with the price paid: shown as Purchased before any reload. */
  bought: Readonly<Record<string, number>>
}

export type PurchaseEvent =
  | { type: 'start'; itemId: string; alreadyPurchased: boolean }
  | { type: 'recorded'; result: VisitorPurchaseResult }
  | { type: 'failed'; itemId: string }
  | { type: 'close-thanks' }

export const initialPurchaseState: PurchaseState = { step: { phase: 'idle' }, bought: {} }

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'start':
      // One payment at a time, and never twice for the same gift.
      if (state.step.phase === 'processing' || event.alreadyPurchased || event.itemId in state.bought) return state
      return { ...state, step: { phase: 'processing', itemId: event.itemId } }
    case 'recorded':
      if (state.step.phase !== 'processing' || state.step.itemId !== event.result.wishlistItemId) return state
      return {
        step: { phase: 'thanks', itemId: event.result.wishlistItemId, contactInfo: event.result.contactInfo },
        bought: { ...state.bought, [event.result.wishlistItemId]: event.result.purchasedPrice },
      }
    case 'failed':
      if (state.step.phase !== 'processing' || state.step.itemId !== event.itemId) return state
      return { ...state, step: { phase: 'idle' } }
    case 'close-thanks':
      return state.step.phase === 'thanks' ? { ...state, step: { phase: 'idle' } } : state
  }
}

export type ItemPurchaseView = {
  purchased: boolean
  processing: boolean
  /** The Purchase button: hidden on purchased items and on the item being paid for. */
  showPurchase: boolean
  /** Other items wait while one payment runs. */
  purchaseDisabled: boolean
}

export function itemPurchaseView(item: { id: string; isPurchased: boolean }, state: PurchaseState): ItemPurchaseView {
  const purchased = item.isPurchased || item.id in state.bought
  const processing = state.step.phase === 'processing' && state.step.itemId === item.id
  return { purchased, processing, showPurchase: !purchased && !processing, purchaseDisabled: state.step.phase === 'processing' }
}

export type PurchaseFailure = 'offline' | 'taken' | 'gone' | 'unknown'

export const PURCHASE_FAILED_TITLE = 'Payment failed'
export const PURCHASE_FAILURE_MESSAGES: Record<PurchaseFailure, string> = {
  offline: 'You are offline. Nothing was charged; try again when you are back online.',
  taken: 'This gift was just bought by someone else.',
  gone: 'This gift is no longer on this wishlist.',
  unknown: 'Something went wrong. Nothing was charged; please try again.',
}

/** 409 and 404 mean the page is out of date, so it reloads the profile to show what is true now. */
export function classifyPurchaseFailure(outcome: { status: number } | { networkError: true }): PurchaseFailure {
  if ('networkError' in outcome) return 'offline'
  if (outcome.status === 409) return 'taken'
  if (outcome.status === 404) return 'gone'
  return 'unknown'
}

export function failureNeedsReload(failure: PurchaseFailure): boolean {
  return failure === 'taken' || failure === 'gone'
}

export type ContactActions = {
  /** The contact info as the owner wrote it (plain text), or the placeholder address. */
  text: string
  /** Address for the email button, or null when the contact info is not an email address (a phone number, a handle). */
  email: string | null
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/

export function contactActions(contactInfo: string): ContactActions {
  const trimmed = contactInfo.trim()
  if (trimmed === '') return { text: PLACEHOLDER_CONTACT, email: PLACEHOLDER_CONTACT }
  const address = trimmed.replace(/^mailto:/i, '')
  return { text: trimmed, email: EMAIL.test(address) ? address : null }
}

export const MESSAGE_FIELDS_REQUIRED = 'Please fill in all fields'

/** The visitor's message dialog: both fields must hold more than blanks (spec section 5). */
export function validateMessage(message: { email: string; message: string }): string | null {
  return message.email.trim() === '' || message.message.trim() === '' ? MESSAGE_FIELDS_REQUIRED : null
}
