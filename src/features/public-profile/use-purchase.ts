// Owns the side effects of a visitor's purchase: the simulated payment delays, the POST, and the toasts.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { PublicWishlistItem } from '../../contract/profile.ts'
import type { PurchaseState } from './purchase-flow.ts'
import {
  failureNeedsReload,
  initialPurchaseState,
  itemPurchaseView,
  PAYMENT_DELAYS_MS,
  PURCHASE_FAILED_TITLE,
  purchaseReducer,
} from './purchase-flow.ts'
import { newIdempotencyKey, recordPurchase } from './record-purchase.ts'
import { rememberPurchase } from './remembered-purchases.ts'
import { attemptKey, dropAttempt, keepAttempt } from './unanswered-purchases.ts'
import { hideToast, showToast } from './toast-store.ts'

/** How long 'Payment successful!' stays up; the spec keeps the value to itself. */
const THANK_YOU_TOAST_MS = 4000
/** A failure stays longer: the visitor must read that nothing was charged. */
const FAILURE_TOAST_MS = 8000

export type PurchaseControls = {
  state: PurchaseState
  /** Purchase tapped: opens the confirmation sheet. */
  ask: (item: PublicWishlistItem) => void
  cancel: () => void
  /** Confirmed on the sheet: the simulated payment runs and the purchase is recorded. */
  purchase: (item: PublicWishlistItem) => void
  closeThanks: () => void
  /** Ends 'Payment successful!' early: at 320 px it would cover the heading of the message dialog opened over it. */
  endThanksToast: () => void
}

export function usePurchase(shareableId: string, onOutdated: () => void): PurchaseControls {
  const [state, dispatch] = useReducer(purchaseReducer, initialPurchaseState)
  const stateRef = useRef(state)
  stateRef.current = state
  const unmounted = useRef(new AbortController())
  const thanksToast = useRef<number | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    unmounted.current = controller
    return () => controller.abort()
  }, [])

  const ask = useCallback((item: PublicWishlistItem) => dispatch({ type: 'ask', itemId: item.id, alreadyPurchased: item.isPurchased }), [])
  const cancel = useCallback(() => dispatch({ type: 'cancel' }), [])

  const purchase = useCallback(
    (item: PublicWishlistItem) => {
      const current = stateRef.current
      if (current.step.phase !== 'confirming' || current.step.itemId !== item.id || !itemPurchaseView(item, current).showPurchase) return
      dispatch({ type: 'start', itemId: item.id })
      const signal = unmounted.current.signal
      // What the sheet showed goes with the purchase: the server buys only while the gift is still that (decision 206).
      const shown = { name: item.name, price: item.price }
      // The retry of a confirmation whose answer was lost sends the same key, also after a reload: the server replays
      // its first answer, so a retry is the same attempt, not a second purchase.
      const idempotencyKey = attemptKey(shareableId, item.id, shown) ?? newIdempotencyKey()
      keepAttempt(shareableId, item.id, idempotencyKey, shown)
      void (async () => {
        for (const ms of PAYMENT_DELAYS_MS) await delay(ms, signal)
        const outcome = await recordPurchase(shareableId, item.id, { signal, online: navigator.onLine, idempotencyKey, shown })
        if (signal.aborted) return
        if (outcome.ok || failureNeedsReload(outcome.failure)) dropAttempt(shareableId, item.id)
        if (outcome.ok) {
          dispatch({ type: 'recorded', result: outcome.result })
          // The buyer may leave the thank-you without writing: the card offers the message later, also after a reload.
          const { purchaseId, purchasedAt } = outcome.result
          rememberPurchase({ shareableId, itemId: item.id, purchaseId, at: purchasedAt })
          thanksToast.current = showToast({ title: 'Payment successful!', message: `Thank you for giving ${item.name}.`, tone: 'green', autoCloseMs: THANK_YOU_TOAST_MS })
          return
        }
        dispatch({ type: 'failed', itemId: item.id })
        showToast({ title: PURCHASE_FAILED_TITLE, message: outcome.message, tone: 'red', autoCloseMs: FAILURE_TOAST_MS })
        if (failureNeedsReload(outcome.failure)) onOutdated()
      })().catch(() => undefined)
    },
    [shareableId, onOutdated],
  )

  const closeThanks = useCallback(() => dispatch({ type: 'close-thanks' }), [])
  const endThanksToast = useCallback(() => {
    if (thanksToast.current !== null) hideToast(thanksToast.current)
    thanksToast.current = null
  }, [])
  return { state, ask, cancel, purchase, closeThanks, endThanksToast }
}

/** Resolves after `ms`, or rejects at once when the page goes away, so no timer outlives it. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    }, { once: true })
  })
}
