// Owns the live region that shows the visitor page's toasts (toast-store.ts) once React runs the page, so the page
// needs no notification library.
import { IconX } from '@tabler/icons-react'
import { useEffect, useSyncExternalStore } from 'react'
import { changeDialogHosts, hideToast, LINK_LABEL, NO_TOASTS, subscribeToasts, toastState } from './toast-store.ts'

/**
 * The page has one; an open dialog renders another inside itself (the top layer), and while it is there the page's
 * copy stays empty, so a toast is never dimmed behind the backdrop or announced twice.
 */
export function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  useEffect(() => {
    if (!inDialog) return
    changeDialogHosts(1)
    return () => changeDialogHosts(-1)
  }, [inDialog])
  // The server snapshot is empty, so a server-rendered page hydrates without a mismatch.
  const current = useSyncExternalStore(subscribeToasts, toastState, () => NO_TOASTS)
  const shown = !inDialog && current.dialogHosts > 0 ? NO_TOASTS.toasts : current.toasts
  return (
    <div className="qv-toasts" aria-live="polite">
      {shown.map((toast) => (
        <div key={toast.id} className={`qv-toast qv-toast-${toast.tone ?? 'blue'}`} role={toast.tone === 'red' ? 'alert' : 'status'}>
          <p className="qv-toast-title">{toast.title}</p>
          <p>{toast.message}</p>
          {toast.link && (
            <input className="qv-toast-link" readOnly value={toast.link} aria-label={LINK_LABEL} onFocus={(event) => event.currentTarget.select()} />
          )}
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
