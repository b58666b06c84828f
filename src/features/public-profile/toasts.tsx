// Owns the visitor page's toasts ('Payment successful!', failures, 'A new version is available'): a tiny store and
// the live region that shows it, so the page needs no notification library.
import { IconX } from '@tabler/icons-react'
import { useEffect, useSyncExternalStore } from 'react'

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
/** The toasts, and how many open dialogs show them: a modal dialog's backdrop would dim the page's copy (issue 23). */
type ToastState = { toasts: readonly Toast[]; dialogHosts: number }
const NONE: ToastState = { toasts: [], dialogHosts: 0 }
// Starts as the server's snapshot itself, so hydration finds nothing changed and re-renders nothing.
let state: ToastState = NONE
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

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
/**
 * The page has one; an open dialog renders another inside itself (the top layer), and while it is there the page's
 * copy stays empty, so a toast is never dimmed behind the backdrop or announced twice.
 */
export function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  useEffect(() => {
    if (!inDialog) return
    publish({ dialogHosts: state.dialogHosts + 1 })
    return () => publish({ dialogHosts: state.dialogHosts - 1 })
  }, [inDialog])
  // The server snapshot is empty, so a server-rendered page hydrates without a mismatch.
  const current = useSyncExternalStore(subscribe, () => state, () => NONE)
  const shown = !inDialog && current.dialogHosts > 0 ? NONE.toasts : current.toasts
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
