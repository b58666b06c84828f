import { describe, expect, it } from 'vitest'
import type { MessageProblems, PurchaseEvent, PurchaseState } from './purchase-flow.ts'
import {
  MESSAGE_FIELD_ERRORS,
  openGiftsFirst,
  classifyPurchaseFailure,
  contactActions,
  failureNeedsReload,
  initialPurchaseState,
  itemPurchaseView,
  purchaseReducer,
  validateMessage,
} from './purchase-flow.ts'

const idle = initialPurchaseState
const confirmingA: PurchaseState = { step: { phase: 'confirming', itemId: 'a' }, bought: {} }
const processingA: PurchaseState = { step: { phase: 'processing', itemId: 'a' }, bought: {} }
const thanksA: PurchaseState = { step: { phase: 'thanks', itemId: 'a', contactInfo: 'me@example.com', purchaseId: 'p1' }, bought: { a: 12.5 } }
const recordedA: PurchaseEvent = {
  type: 'recorded',
  result: { purchaseId: 'p1', wishlistItemId: 'a', purchasedPrice: 12.5, purchasedAt: '2025-01-15T09:30:00Z', contactInfo: 'me@example.com' },
}

describe('purchaseReducer', () => {
  it.each<[string, PurchaseState, PurchaseEvent, PurchaseState]>([
    ['Purchase opens the confirmation sheet, nothing starts yet', idle, { type: 'ask', itemId: 'a', alreadyPurchased: false }, confirmingA],
    ["confirming starts 'Processing payment...'", confirmingA, { type: 'start', itemId: 'a' }, processingA],
    ['without a confirmation nothing starts', idle, { type: 'start', itemId: 'a' }, idle],
    ['a confirmation of another item starts nothing', confirmingA, { type: 'start', itemId: 'b' }, confirmingA],
    ['Cancel closes the sheet and charges nothing', confirmingA, { type: 'cancel' }, idle],
    ['a purchased item cannot be bought', idle, { type: 'ask', itemId: 'a', alreadyPurchased: true }, idle],
    ['an item bought in this visit cannot be bought again', { step: { phase: 'idle' }, bought: { a: 1 } }, { type: 'ask', itemId: 'a', alreadyPurchased: false }, { step: { phase: 'idle' }, bought: { a: 1 } }],
    ['one payment at a time', processingA, { type: 'ask', itemId: 'b', alreadyPurchased: false }, processingA],
    ['a recorded purchase marks the item bought and opens the thank-you modal', processingA, recordedA, thanksA],
    ['a record for another item is ignored', { step: { phase: 'processing', itemId: 'b' }, bought: {} }, recordedA, { step: { phase: 'processing', itemId: 'b' }, bought: {} }],
    ['a late record after the flow ended is ignored', idle, recordedA, idle],
    ['a failure shows nothing as bought', processingA, { type: 'failed', itemId: 'a' }, idle],
    ['a failure for another item is ignored', processingA, { type: 'failed', itemId: 'b' }, processingA],
    ['closing the thank-you modal keeps the item bought', thanksA, { type: 'close-thanks' }, { step: { phase: 'idle' }, bought: { a: 12.5 } }],
    ['closing when nothing is open changes nothing', processingA, { type: 'close-thanks' }, processingA],
    ['another gift can be chosen while thanks are shown', thanksA, { type: 'ask', itemId: 'b', alreadyPurchased: false }, { step: { phase: 'confirming', itemId: 'b' }, bought: { a: 12.5 } }],
  ])('%s', (_, state, event, expected) => {
    expect(purchaseReducer(state, event)).toEqual(expected)
  })
})

describe('itemPurchaseView', () => {
  const item = (id: string, isPurchased = false) => ({ id, isPurchased })
  it.each<[string, { id: string; isPurchased: boolean }, PurchaseState, boolean, ReturnType<typeof itemPurchaseView>]>([
    ['an open gift offers Purchase', item('a'), idle, true, { purchased: false, processing: false, showPurchase: true, purchaseDisabled: false }],
    ['offline, Purchase is disabled', item('a'), idle, false, { purchased: false, processing: false, showPurchase: true, purchaseDisabled: true }],
    ['a purchased gift hides Purchase', item('a', true), idle, true, { purchased: true, processing: false, showPurchase: false, purchaseDisabled: false }],
    ['the gift being paid hides Purchase', item('a'), processingA, true, { purchased: false, processing: true, showPurchase: false, purchaseDisabled: true }],
    ['other gifts wait while one is paid', item('b'), processingA, true, { purchased: false, processing: false, showPurchase: true, purchaseDisabled: true }],
    ['a gift bought in this visit shows Purchased', item('a'), thanksA, true, { purchased: true, processing: false, showPurchase: false, purchaseDisabled: false }],
  ])('%s', (_, it_, state, online, expected) => {
    expect(itemPurchaseView(it_, state, online)).toEqual(expected)
  })
})

describe('openGiftsFirst', () => {
  it('moves bought gifts to the end, keeping the order within each group', () => {
    const items = [
      { id: 'a', isPurchased: true },
      { id: 'b', isPurchased: false },
      { id: 'c', isPurchased: true },
      { id: 'd', isPurchased: false },
    ]
    expect(openGiftsFirst(items).map((item) => item.id)).toEqual(['b', 'd', 'a', 'c'])
  })
})

describe('classifyPurchaseFailure', () => {
  const LIMIT = 'Too many purchases from this wishlist right now. Please try again in 10 minutes.'
  const CHANGED = "This gift changed while you were looking: it is now 'Gold watch' at €4,999.00. Nothing was bought; check it and purchase again."
  it.each<[Parameters<typeof classifyPurchaseFailure>[0], string, string, boolean]>([
    [{ networkError: true, online: false }, 'offline', 'You are offline. Nothing was charged; try again when you are back online.', false],
    // Online, a call without an answer (a reset connection, the deadline) is the server's silence, not the phone's.
    [{ networkError: true, online: true }, 'noAnswer', 'The server did not answer, so your gift is not confirmed. Please try again: if it went through, you see the thank-you and nothing is bought twice.', false],
    [{ status: 409, serverMessage: 'This item has already been purchased.' }, 'taken', 'This gift was just bought by someone else.', true],
    // The lost attempt still running on the server when its retry arrives: not someone else's purchase.
    [{ status: 409, serverMessage: 'A request with this Idempotency-Key is still in progress.' }, 'busy', 'The server is busy right now, so your gift is not confirmed. Please try again in a moment: nothing is bought twice.', false],
    [{ status: 404, serverMessage: 'Wishlist item not found' }, 'gone', 'This gift is no longer on this wishlist.', true],
    // The gift or the profile changed since the page loaded (decision 206): the server's words name what it is now.
    [{ status: 409, serverMessage: CHANGED, reason: 'itemChanged' }, 'changed', CHANGED, true],
    [{ status: 409, serverMessage: 'This profile no longer shows a wishlist, so nothing was bought.', reason: 'notWishlist' }, 'changed', 'This profile no longer shows a wishlist, so nothing was bought.', true],
    [{ status: 409, reason: 'itemChanged' }, 'changed', 'This gift changed while you were looking. Nothing was bought; check it and purchase again.', true],
    // A reason this page does not know is no more than its 409.
    [{ status: 409, serverMessage: 'A request with this Idempotency-Key is still in progress.', reason: 'later' }, 'busy', 'The server is busy right now, so your gift is not confirmed. Please try again in a moment: nothing is bought twice.', false],
    [{ status: 408 }, 'noAnswer', 'The server did not answer, so your gift is not confirmed. Please try again: if it went through, you see the thank-you and nothing is bought twice.', false],
    [{ status: 500, serverMessage: 'boom' }, 'serverTrouble', 'The server is having trouble right now. Nothing was charged; please try again.', false],
    [{ status: 502 }, 'serverTrouble', 'The server is having trouble right now. Nothing was charged; please try again.', false],
    // Spec section 8: the server's message is the error text (the purchase limit says how long to wait).
    [{ status: 429, serverMessage: LIMIT }, 'refused', LIMIT, false],
    [{ status: 429 }, 'busy', 'The server is busy right now, so your gift is not confirmed. Please try again in a moment: nothing is bought twice.', false],
    [{ status: 400, serverMessage: 'Invalid item' }, 'refused', 'Invalid item', false],
    [{ status: 400 }, 'unknown', 'Something went wrong. Nothing was charged; please try again.', false],
  ])('%j is %s', (outcome, failure, message, reload) => {
    const classified = classifyPurchaseFailure(outcome)
    expect(classified).toEqual({ failure, message })
    expect(failureNeedsReload(classified.failure)).toBe(reload)
  })
})

describe('contactActions', () => {
  it.each<[string, { text: string | null; email: string | null }]>([
    // No made-up address: the thank-you says the owner has not shared contact details.
    ['', { text: null, email: null }],
    ['   ', { text: null, email: null }],
    ['alice@example.com', { text: 'alice@example.com', email: 'alice@example.com' }],
    [' mailto:alice@example.com ', { text: 'mailto:alice@example.com', email: 'alice@example.com' }],
    ['+33 6 12 34 56 78', { text: '+33 6 12 34 56 78', email: null }],
    ['Call me: alice@example.com', { text: 'Call me: alice@example.com', email: null }],
    ['a@b.c?cc=victim@x.y', { text: 'a@b.c?cc=victim@x.y', email: null }],
  ])('%j', (contactInfo, expected) => {
    expect(contactActions(contactInfo)).toEqual(expected)
  })
})

describe('validateMessage', () => {
  it.each<[string, string, MessageProblems]>([
    ['me@example.com', 'Thanks!', {}],
    ['', 'Thanks!', { email: MESSAGE_FIELD_ERRORS.email }],
    ['me@example.com', '   ', { message: MESSAGE_FIELD_ERRORS.message }],
    ['  ', '', { email: MESSAGE_FIELD_ERRORS.email, message: MESSAGE_FIELD_ERRORS.message }],
  ])('%j + %j marks %j', (email, message, expected) => {
    expect(validateMessage({ email, message })).toEqual(expected)
  })
})
