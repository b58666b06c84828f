// Owns the toasts while the visitor page runs without React (decision 176): the store of toast-store.ts drawn into the
// server's live region with the markup of toasts.tsx, until React's Toaster takes the region over at the hand-over.
import { hideToast, LINK_LABEL, subscribeToasts, type Toast, toastState } from './toast-store.ts'

/** Tabler's 'x' icon at 16 px, as the Toaster draws its close button. */
const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M18 6l-12 12"></path><path d="M6 6l12 12"></path></svg>'

/** Draws every toast into `region` as the store changes; the returned stop empties it for React's hydration. */
export function drawToastsWithoutReact(region: HTMLElement): () => void {
  const draw = () => region.replaceChildren(...toastState().toasts.map(toastElement))
  draw()
  const unsubscribe = subscribeToasts(draw)
  return () => {
    unsubscribe()
    region.replaceChildren()
  }
}

function toastElement(toast: Toast): HTMLElement {
  const box = element('div', `qv-toast qv-toast-${toast.tone ?? 'blue'}`)
  box.setAttribute('role', toast.tone === 'red' ? 'alert' : 'status')
  box.append(element('p', 'qv-toast-title', toast.title), element('p', '', toast.message))
  if (toast.link) {
    const link = document.createElement('input')
    link.className = 'qv-toast-link'
    link.readOnly = true
    link.value = toast.link
    link.setAttribute('aria-label', LINK_LABEL)
    link.addEventListener('focus', () => link.select())
    box.append(link)
  }
  const { action } = toast
  if (action) {
    const act = element('button', 'qv-btn', action.label)
    act.addEventListener('click', () => {
      hideToast(toast.id)
      action.onClick()
    })
    box.append(act)
  }
  const close = element('button', 'qv-btn qv-close')
  close.setAttribute('aria-label', 'Close')
  close.innerHTML = CLOSE_ICON
  close.addEventListener('click', () => hideToast(toast.id))
  box.append(close)
  return box
}

function element<K extends 'div' | 'p' | 'button'>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (tag === 'button') node.setAttribute('type', 'button')
  if (text !== undefined) node.textContent = text
  return node
}
