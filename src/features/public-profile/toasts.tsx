// Owns the visitor page's toasts ('Payment successful!', failures, 'A new version is available'): a tiny store and
// the live region that shows it, so the page needs no notification library.
import { IconX } from '@tabler/icons-react'
import { useSyncExternalStore } from 'react'

export type ToastTone = 'green' | 'red' | 'blue'

export type ToastInput = {
  title: string
  message: string
  tone?: ToastTone
  /** Milliseconds on screen; null keeps it until the visitor closes it or acts on it. */
  autoCloseMs?: number | null
  action?: { label: string; onClick: () => void }
}

type Toast = ToastInput & { id: number }

const DEFAULT_AUTO_CLOSE_MS = 4000
const NONE: readonly Toast[] = []
// Starts as the server's snapshot itself, so hydration finds nothing changed and re-renders nothing.
let toasts: readonly Toast[] = NONE
let nextId = 1
const listeners = new Set<() => void>()

function publish(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

export function showToast(input: ToastInput): number {
  const id = nextId++
  publish([...toasts, { ...input, id }])
  const autoClose = input.autoCloseMs === undefined ? DEFAULT_AUTO_CLOSE_MS : input.autoCloseMs
  if (autoClose !== null) setTimeout(() => hideToast(id), autoClose)
  return id
}

export function hideToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id))
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export function Toaster() {
  // The server snapshot is empty, so a server-rendered page hydrates without a mismatch.
  const shown = useSyncExternalStore(subscribe, () => toasts, () => NONE)
  return (
    <div className="qv-toasts" aria-live="polite">
      {shown.map((toast) => (
        <div key={toast.id} className={`qv-toast qv-toast-${toast.tone ?? 'blue'}`} role={toast.tone === 'red' ? 'alert' : 'status'}>
          <p className="qv-toast-title">{toast.title}</p>
          <p>{toast.message}</p>
          {toast.action && (
            <button
              type="button"
              className="qv-btn"
              onClick={() => {
                hideToast(toast.id)
                toast.action?.onClick()
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button type="button" className="qv-btn qv-close" aria-label="Close" onClick={() => hideToast(toast.id)}>
            <IconX size={16} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  )
}
