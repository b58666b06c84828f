import { describe, expect, it } from 'vitest'
import type { PurchaseEvent, PurchaseState } from './purchase-flow.ts'
import {
  classifyPurchaseFailure,
  contactActions,
  failureNeedsReload,
  initialPurchaseState,
  itemPurchaseView,
  purchaseReducer,
  validateMessage,
} from './purchase-flow.ts'

const idle = initialPurchaseState
const processingA: PurchaseState = { step: { phase: 'processing', itemId: 'a' }, bought: {} }
const thanksA: PurchaseState = { step: { phase: 'thanks', itemId: 'a', contactInfo: 'me@example.com' }, bought: { a: 12.5 } }
const recordedA: PurchaseEvent = { type: 'recorded', result: { wishlistItemId: 'a', purchasedPrice: 12.5, purchasedAt: '2025-01-15T09:30:00Z', contactInfo: 'me@example.com' } }

describe('purchaseReducer', () => {
  it.each<[string, PurchaseState, PurchaseEvent, PurchaseState]>([
    ["Purchase starts 'Processing payment...'", idle, { type: 'start', itemId: 'a', alreadyPurchased: false }, processingA],
    ['a purchased item cannot be bought', idle, { type: 'start', itemId: 'a', alreadyPurchased: true }, idle],
    ['an item bought in this visit cannot be bought again', { step: { phase: 'idle' }, bought: { a: 1 } }, { type: 'start', itemId: 'a', alreadyPurchased: false }, { step: { phase: 'idle' }, bought: { a: 1 } }],
    ['one payment at a time', processingA, { type: 'start', itemId: 'b', alreadyPurchased: false }, processingA],
    ['a recorded purchase marks the item bought and opens the thank-you modal', processingA, recordedA, thanksA],
    ['a record for another item is ignored', { step: { phase: 'processing', itemId: 'b' }, bought: {} }, recordedA, { step: { phase: 'processing', itemId: 'b' }, bought: {} }],
    ['a late record after the flow ended is ignored', idle, recordedA, idle],
    ['a failure shows nothing as bought', processingA, { type: 'failed', itemId: 'a' }, idle],
    ['a failure for another item is ignored', processingA, { type: 'failed', itemId: 'b' }, processingA],
    ['closing the thank-you modal keeps the item bought', thanksA, { type: 'close-thanks' }, { step: { phase: 'idle' }, bought: { a: 12.5 } }],
    ['closing when nothing is open changes nothing', processingA, { type: 'close-thanks' }, processingA],
    ['another gift can be bought while thanks are shown', thanksA, { type: 'start', itemId: 'b', alreadyPurchased: false }, { step: { phase: 'processing', itemId: 'b' }, bought: { a: 12.5 } }],
  ])('%s', (_, state, event, expected) => {
    expect(purchaseReducer(state, event)).toEqual(expected)
  })
})

describe('itemPurchaseView', () => {
  const item = (id: string, isPurchased = false) => ({ id, isPurchased })
  it.each<[string, { id: string; isPurchased: boolean }, PurchaseState, ReturnType<typeof itemPurchaseView>]>([
    ['an open gift offers Purchase', item('a'), idle, { purchased: false, processing: false, showPurchase: true, purchaseDisabled: false }],
    ['a purchased gift hides Purchase', item('a', true), idle, { purchased: true, processing: false, showPurchase: false, purchaseDisabled: false }],
    ['the gift being paid hides Purchase', item('a'), processingA, { purchased: false, processing: true, showPurchase: false, purchaseDisabled: true }],
    ['other gifts wait while one is paid', item('b'), processingA, { purchased: false, processing: false, showPurchase: true, purchaseDisabled: true }],
    ['a gift bought in this visit shows Purchased', item('a'), thanksA, { purchased: true, processing: false, showPurchase: false, purchaseDisabled: false }],
  ])('%s', (_, it_, state, expected) => {
    expect(itemPurchaseView(it_, state)).toEqual(expected)
  })
})

describe('classifyPurchaseFailure', () => {
  it.each<[Parameters<typeof classifyPurchaseFailure>[0], string, boolean]>([
    [{ networkError: true }, 'offline', false],
    [{ status: 409 }, 'taken', true],
    [{ status: 404 }, 'gone', true],
    [{ status: 500 }, 'unknown', false],
    [{ status: 429 }, 'unknown', false],
  ])('%j is %s (reload: %s)', (outcome, failure, reload) => {
    const classified = classifyPurchaseFailure(outcome)
    expect(classified).toBe(failure)
    expect(failureNeedsReload(classified)).toBe(reload)
  })
})

describe('contactActions', () => {
  it.each<[string, { text: string; email: string | null }]>([
    ['', { text: 'owner@qrtee.example', email: 'owner@qrtee.example' }],
    ['   ', { text: 'owner@qrtee.example', email: 'owner@qrtee.example' }],
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
  it.each<[string, string, string | null]>([
    ['me@example.com', 'Thanks!', null],
    ['', 'Thanks!', 'Please fill in all fields'],
    ['me@example.com', '   ', 'Please fill in all fields'],
    ['  ', '', 'Please fill in all fields'],
  ])('%j + %j -> %j', (email, message, expected) => {
    expect(validateMessage({ email, message })).toBe(expected)
  })
})
