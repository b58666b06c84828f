// Owns the visitor page's toasts as data ('Payment successful!', failures, 'Link copied', 'A new version is available'):
// a tiny store with no framework, drawn by React's Toaster (toasts.tsx) or, before React loads, by static-toasts.ts.

export type ToastTone = 'green' | 'red' | 'blue'

export type ToastInput = {
  title: string
  message: string
  tone?: ToastTone
  /** Milliseconds on screen; null keeps it until the visitor closes it or acts on it. */
  autoCloseMs?: number | null
  action?: { label: string; onClick: () => void }
  /** An address shown selectable, for the visitor to copy by hand (a refused clipboard). */
  link?: string
}

export type Toast = ToastInput & { id: number }

const DEFAULT_AUTO_CLOSE_MS = 4000
/** The accessible name of a toast's link to copy (both drawings of the toasts). */
export const LINK_LABEL = 'Link to this page'
/** The toasts, and how many open dialogs show them: a modal dialog's backdrop would dim the page's copy (issue 23). */
export type ToastState = { toasts: readonly Toast[]; dialogHosts: number }
export const NO_TOASTS: ToastState = { toasts: [], dialogHosts: 0 }
// Starts as the server's snapshot itself, so hydration finds nothing changed and re-renders nothing.
let state: ToastState = NO_TOASTS
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: Partial<ToastState>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

export function showToast(input: ToastInput): number {
  const id = nextId++
  publish({ toasts: [...state.toasts, { ...input, id }] })
  const autoClose = input.autoCloseMs === undefined ? DEFAULT_AUTO_CLOSE_MS : input.autoCloseMs
  if (autoClose !== null) setTimeout(() => hideToast(id), autoClose)
  return id
}

export function hideToast(id: number): void {
  if (state.toasts.some((toast) => toast.id === id)) publish({ toasts: state.toasts.filter((toast) => toast.id !== id) })
}

/** An open dialog counts itself while it shows the toasts above its backdrop. */
export function changeDialogHosts(by: 1 | -1): void {
  publish({ dialogHosts: state.dialogHosts + by })
}

export const toastState = (): ToastState => state

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
