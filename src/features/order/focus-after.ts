// Owns where keyboard focus goes after the Order tab's buttons: a refused quote's first missing field, the rates a
// quote brought, or back to the button, which its loading state had disabled and so dropped focus to <body>.
import { useEffect, useRef } from 'react'
import { revealField } from '../../ui/reveal-field.ts'
import type { QuoteField } from './order-form.ts'

/** The size's first choice, else the field's input, revealed as the product and settings forms reveal their first error. */
export function focusQuoteField(field: QuoteField | undefined): void {
  const marked = field ? document.querySelector<HTMLElement>(`[data-quote-field="${field}"]`) : null
  const target = marked?.matches('input') ? marked : marked?.querySelector<HTMLElement>('button, input')
  if (target) revealField({ current: target })
}

/** The chosen shipping rate, so a screen reader hears the rates the quote brought. */
function focusChosenRate(): boolean {
  const chosen = document.querySelector<HTMLElement>('[data-shipping-rates] input:checked')
  chosen?.focus()
  return Boolean(chosen)
}

type Action = 'quote' | 'order'

/** Focus for after an action, given once its button is enabled again: the rates when a quote brought them. */
export function useFocusAfterBusy(busy: Action | null) {
  const calculateButton = useRef<HTMLButtonElement>(null)
  const orderButton = useRef<HTMLButtonElement>(null)
  const after = useRef<Action | null>(null)
  useEffect(() => {
    const action = after.current
    if (busy !== null || action === null) return
    after.current = null
    if (action === 'quote' && focusChosenRate()) return
    ;(action === 'quote' ? calculateButton : orderButton).current?.focus()
  }, [busy])
  const focusWhenDone = (action: Action) => {
    after.current = action
  }
  return { calculateButton, orderButton, focusWhenDone }
}
