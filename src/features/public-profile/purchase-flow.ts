// Owns the visitor's simulated purchase as a pure state machine (spec section 4, decision 148: confirmed first), and
// what each failure tells them.
import type { VisitorPurchaseResult } from '../../contract/purchase.ts'
import { MESSAGE_FIELDS_REQUIRED, PURCHASE_MESSAGES, PURCHASE_REFUSALS } from '../../contract/purchase.ts'
import { NO_ANSWER, SERVER_BUSY, SERVER_TROUBLE } from '../../lib/network-words.ts'

/** Spec section 9: 'Processing payment...' for 1.5 s, then 2 s more before the purchase is recorded. */
export const PAYMENT_DELAYS_MS = [1500, 2000] as const

export type PurchaseStep =
  | { phase: 'idle' }
  /** The confirmation sheet: the item and its price, before anything starts. */
  | { phase: 'confirming'; itemId: string }
  | { phase: 'processing'; itemId: string }
  | { phase: 'thanks'; itemId: string; contactInfo: string; purchaseId: string }

export type PurchaseState = {
  step: PurchaseStep
  /** Items this visitor bought in this visit, with the price paid: shown as Purchased before any reload. */
  bought: Readonly<Record<string, number>>
}

export type PurchaseEvent =
  /** Purchase tapped: opens the confirmation sheet. */
  | { type: 'ask'; itemId: string; alreadyPurchased: boolean }
  | { type: 'cancel' }
  /** Confirmed on the sheet: 'Processing payment...' starts. */
  | { type: 'start'; itemId: string }
  | { type: 'recorded'; result: VisitorPurchaseResult }
  | { type: 'failed'; itemId: string }
  | { type: 'close-thanks' }

export const initialPurchaseState: PurchaseState = { step: { phase: 'idle' }, bought: {} }

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'ask':
      // One payment at a time, and never twice for the same gift.
      if (state.step.phase === 'processing' || event.alreadyPurchased || event.itemId in state.bought) return state
      return { ...state, step: { phase: 'confirming', itemId: event.itemId } }
    case 'cancel':
      return state.step.phase === 'confirming' ? { ...state, step: { phase: 'idle' } } : state
    case 'start':
      if (state.step.phase !== 'confirming' || state.step.itemId !== event.itemId) return state
      return { ...state, step: { phase: 'processing', itemId: event.itemId } }
    case 'recorded':
      if (state.step.phase !== 'processing' || state.step.itemId !== event.result.wishlistItemId) return state
      return {
        step: { phase: 'thanks', itemId: event.result.wishlistItemId, contactInfo: event.result.contactInfo, purchaseId: event.result.purchaseId },
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
  /** Other items wait while one payment runs; offline, nothing can be bought (the page says why). */
  purchaseDisabled: boolean
}

export function itemPurchaseView(item: { id: string; isPurchased: boolean }, state: PurchaseState, online = true): ItemPurchaseView {
  const purchased = item.isPurchased || item.id in state.bought
  const processing = state.step.phase === 'processing' && state.step.itemId === item.id
  return { purchased, processing, showPurchase: !purchased && !processing, purchaseDisabled: state.step.phase === 'processing' || !online }
}

/** Beside the disabled Purchase buttons while the phone is offline. */
export const OFFLINE_PURCHASE_REASON = 'You are offline. Purchasing needs a connection; try again when you are back online.'

/**
 * Each failure says whose side it is on (decision 192): the phone is offline, the server did not answer (a lost or
 * late answer, though the phone is online), the server is in trouble or busy, the gift was bought or is gone, it is no
 * longer what the visitor confirmed (or the profile no longer a wishlist), or the server refused with its own words (a
 * 429's wait, spec section 8's generic rule).
 */
export type PurchaseFailure = 'offline' | 'noAnswer' | 'serverTrouble' | 'busy' | 'taken' | 'gone' | 'changed' | 'refused' | 'unknown'

export const PURCHASE_FAILED_TITLE = 'Payment failed'
export const PURCHASE_FAILURE_MESSAGES: Record<Exclude<PurchaseFailure, 'refused'>, string> = {
  offline: 'You are offline. Nothing was charged; try again when you are back online.',
  // The purchase may have been recorded with its answer lost: the retry sends the same key, so it is never bought twice.
  // Unknown whether it went through: the retry sends the same key, so it either shows the thank-you or buys it once.
  noAnswer: `${NO_ANSWER}, so your gift is not confirmed. Please try again: if it went through, you see the thank-you and nothing is bought twice.`,
  serverTrouble: `${SERVER_TROUBLE}. Nothing was charged; please try again.`,
  busy: `${SERVER_BUSY}, so your gift is not confirmed. Please try again in a moment: nothing is bought twice.`,
  taken: 'This gift was just bought by someone else.',
  gone: 'This gift is no longer on this wishlist.',
  // The server's answer names what the gift is now; these words are for an answer that lost its message.
  changed: 'This gift changed while you were looking. Nothing was bought; check it and purchase again.',
  unknown: 'Something went wrong. Nothing was charged; please try again.',
}

export type PurchaseFailureOutcome =
  | { networkError: true; online: boolean }
  | { status: number; serverMessage?: string | null; reason?: string | null }

const CHANGED_REASONS: ReadonlySet<string> = new Set(Object.values(PURCHASE_REFUSALS))

/** What went wrong and the words for it; 409 and 404 mean the page is out of date, so it reloads the profile. */
export function classifyPurchaseFailure(outcome: PurchaseFailureOutcome): { failure: PurchaseFailure; message: string } {
  const said = (failure: Exclude<PurchaseFailure, 'refused'>) => ({ failure, message: PURCHASE_FAILURE_MESSAGES[failure] })
  if ('networkError' in outcome) return said(outcome.online ? 'noAnswer' : 'offline')
  const { status, serverMessage, reason } = outcome
  // The gift or the profile is not what the visitor confirmed: the server's words say what it is now (decision 206).
  if (status === 409 && reason && CHANGED_REASONS.has(reason)) return { failure: 'changed', message: serverMessage ?? PURCHASE_FAILURE_MESSAGES.changed }
  // A retry while the lost attempt still runs on the server: its answer comes to the next retry.
  if (status === 409 && serverMessage !== PURCHASE_MESSAGES.alreadyPurchased) return said('busy')
  if (status === 409) return said('taken')
  if (status === 404) return said('gone')
  if (status === 408) return said('noAnswer')
  if (status >= 500) return said('serverTrouble')
  if (serverMessage) return { failure: 'refused', message: serverMessage }
  return said(status === 429 ? 'busy' : 'unknown')
}

export function failureNeedsReload(failure: PurchaseFailure): boolean {
  return failure === 'taken' || failure === 'gone' || failure === 'changed'
}

export type ContactActions = {
  /** The contact info as the owner wrote it (plain text), or null when the owner has shared none. */
  text: string | null
  /** Address for the email button, or null when the contact info is not an email address (a phone number, a handle). */
  email: string | null
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/

/** No made-up address (decision 148): without contact info the thank-you says the owner has not shared any. */
export function contactActions(contactInfo: string): ContactActions {
  const trimmed = contactInfo.trim()
  if (trimmed === '') return { text: null, email: null }
  const address = trimmed.replace(/^mailto:/i, '')
  return { text: trimmed, email: EMAIL.test(address) ? address : null }
}

export function noContactText(ownerName: string): string {
  return `${ownerName} has not shared contact details. Your purchase and your message reach them in QR Tee.`
}

export { MESSAGE_FIELDS_REQUIRED }

export type MessageField = 'email' | 'message'
export type MessageProblems = Partial<Record<MessageField, string>>

export const MESSAGE_FIELD_ERRORS: Record<MessageField, string> = {
  email: 'Enter your email, so the owner can answer.',
  message: 'Write a message.',
}

/** The visitor's message dialog: both fields must hold more than blanks (spec section 5), each marked on its field. */
export function validateMessage(message: { email: string; message: string }): MessageProblems {
  const problems: MessageProblems = {}
  if (message.email.trim() === '') problems.email = MESSAGE_FIELD_ERRORS.email
  if (message.message.trim() === '') problems.message = MESSAGE_FIELD_ERRORS.message
  return problems
}

/** Link-in-bio order (issue 23): gifts still open first, bought ones at the end, each group in the owner's order. */
export function openGiftsFirst<T extends { isPurchased: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((item) => !item.isPurchased), ...items.filter((item) => item.isPurchased)]
}
